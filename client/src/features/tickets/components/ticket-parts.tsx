import type { CinemaDetails } from '@marquee/shared';
import { Clock, MapPin, Phone } from 'lucide-react';

// Printing shows the ticket alone, on one page, in black on white whatever the theme.
export const printStyles = `
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .marquee-ticket, .marquee-ticket * { visibility: visible !important; color: #000 !important; }
  .marquee-ticket { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none !important;
    background: #fff !important; border-color: #000 !important; break-inside: avoid; }
  .marquee-ticket-actions { display: none !important; }
}`;

export function Detail({
  term,
  children,
  wide = false,
}: {
  term: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{term}</dt>
      <dd className="text-base font-semibold break-words">{children}</dd>
    </div>
  );
}

/** Where and when to find the cinema: what someone on the way to the show looks for. */
export function Venue({ venue }: { venue: CinemaDetails }) {
  if (!venue.address && !venue.phone && !venue.hours) return null;
  const line = 'flex gap-2';
  return (
    <address
      data-testid="ticket-venue"
      className="space-y-1.5 border-t border-dashed border-zinc-300 px-5 py-4 text-sm text-zinc-700 not-italic dark:border-zinc-700 dark:text-zinc-300"
    >
      {venue.address && (
        <p className={line}>
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {venue.address}
            {venue.mapUrl && (
              <>
                {' · '}
                <a
                  href={venue.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                >
                  Directions
                </a>
              </>
            )}
          </span>
        </p>
      )}
      {venue.phone && (
        <p className={line}>
          <Phone aria-hidden className="mt-0.5 size-4 shrink-0" />
          <a
            href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`}
            className="underline-offset-2 hover:underline"
          >
            {venue.phone}
          </a>
        </p>
      )}
      {venue.hours && (
        <p className={line}>
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{venue.hours}</span>
        </p>
      )}
    </address>
  );
}
