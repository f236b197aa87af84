import type { CinemaDetails } from '@marquee/shared';
import { Clock, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark.tsx';
import { focusRing } from './nav-links.ts';

const columns = [
  {
    heading: 'Explore',
    links: [
      { to: '/', label: 'Home' },
      { to: '/movies', label: 'Movies' },
    ],
  },
  {
    heading: 'Your account',
    links: [
      { to: '/mybookings', label: 'My Bookings' },
      { to: '/favourites', label: 'My Favourites' },
    ],
  },
];

const linkClass = `rounded text-sm text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-white ${focusRing}`;

/** Where and when to find the cinema, as it has configured them. */
function VisitUs({ cinema }: { cinema: CinemaDetails }) {
  if (!cinema.address && !cinema.phone && !cinema.hours) return null;
  return (
    <section aria-labelledby="visit-us-heading">
      <h2 id="visit-us-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Visit {cinema.name}
      </h2>
      <address className="mt-3 space-y-2 text-sm text-zinc-600 not-italic dark:text-zinc-400">
        {cinema.address && (
          <p className="flex gap-2">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {cinema.address}
              {cinema.mapUrl && (
                <>
                  {' · '}
                  <a href={cinema.mapUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    Directions
                  </a>
                </>
              )}
            </span>
          </p>
        )}
        {cinema.phone && (
          <p className="flex gap-2">
            <Phone aria-hidden className="mt-0.5 size-4 shrink-0" />
            <a href={`tel:${cinema.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              {cinema.phone}
            </a>
          </p>
        )}
        {cinema.hours && (
          <p className="flex gap-2">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{cinema.hours}</span>
          </p>
        )}
      </address>
    </section>
  );
}

export function SiteFooter({ cinema }: { cinema?: CinemaDetails | undefined }) {
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="sm:col-span-2">
          <BrandMark />
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
            Great films on every screen, comfortable seats. Book your tickets online, choose the seats you
            like and skip the queue at the box office.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{column.heading}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {cinema && <VisitUs cinema={cinema} />}
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-zinc-600 sm:px-6 lg:px-8 dark:text-zinc-400">
          © {new Date().getFullYear()} Marquee Cinemas. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
