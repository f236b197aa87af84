import { MapPin, Sofa, Ticket, type LucideIcon } from 'lucide-react';

const reasons: { title: string; text: string; Icon: LucideIcon }[] = [
  {
    title: 'Premium Comfort',
    text: 'Reclining seats with extra legroom, crisp 4K projection and immersive sound in every hall.',
    Icon: Sofa,
  },
  {
    title: 'Easy Booking',
    text: 'Pick a show, choose your seats on the live seat map and pay in a minute, from any device.',
    Icon: Ticket,
  },
  {
    title: 'Prime Locations',
    text: 'Right in the city centre, close to the metro, with parking and great food nearby.',
    Icon: MapPin,
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-choose" className="mt-16 sm:mt-20">
      <h2 id="why-choose" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Why Choose Marquee
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-center text-zinc-600 dark:text-zinc-400">
        Everything you need for a great night at the movies.
      </p>
      <ul className="mt-8 grid gap-4 sm:gap-6 md:grid-cols-3">
        {reasons.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="rounded-xl border border-zinc-200 bg-white p-6 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
              <Icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
