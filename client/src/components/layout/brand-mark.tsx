import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from './nav-links.ts';

export function BrandMark() {
  return (
    <Link
      to="/"
      className={`flex min-w-0 items-center gap-2 rounded text-xl font-bold tracking-tight text-brand-700 dark:text-brand-400 ${focusRing}`}
    >
      <Ticket aria-hidden className="size-6 shrink-0" />
      {/* On the narrowest screens (360 px less a scrollbar) the name gives way before the page scrolls sideways. */}
      <span className="truncate">Marquee</span>
    </Link>
  );
}
