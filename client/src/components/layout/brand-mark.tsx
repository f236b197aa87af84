import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from './nav-links.ts';

export function BrandMark() {
  return (
    <Link
      to="/"
      className={`flex shrink-0 items-center gap-2 rounded text-xl font-bold tracking-tight text-brand-700 dark:text-brand-400 ${focusRing}`}
    >
      <Ticket aria-hidden className="size-6" />
      Marquee
    </Link>
  );
}
