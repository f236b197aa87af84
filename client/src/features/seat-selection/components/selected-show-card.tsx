import { formatRupees } from '@marquee/shared';
import type { ReactNode } from 'react';

interface SelectedShowCardProps {
  movieTitle: string;
  dateLabel: string;
  time: string;
  price: number;
  /** True on a screen of several classes: the price is then the lowest, "from ₹180". */
  hasClasses?: boolean;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

export function SelectedShowCard({
  movieTitle,
  dateLabel,
  time,
  price,
  hasClasses = false,
}: SelectedShowCardProps) {
  return (
    <section
      aria-labelledby="selected-show-heading"
      className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="selected-show-heading" className="text-lg font-semibold">
        Selected Show
      </h2>
      <dl className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        <Row term="Movie">{movieTitle}</Row>
        <Row term="Date">{dateLabel}</Row>
        <Row term="Time">{time}</Row>
        <Row term="Price">
          {hasClasses ? `from ${formatRupees(price)} per ticket` : `${formatRupees(price)} per ticket`}
        </Row>
      </dl>
    </section>
  );
}
