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

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="sm:col-span-2">
          <BrandMark />
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
            One screen, great films, comfortable seats. Book your tickets online, choose the seats you like
            and skip the queue at the box office.
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
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-zinc-600 sm:px-6 lg:px-8 dark:text-zinc-400">
          © {new Date().getFullYear()} Marquee Cinemas. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
