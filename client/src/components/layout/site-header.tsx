import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { ThemeToggle } from '../ui/theme-toggle.tsx';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 rounded text-xl font-bold tracking-tight text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-brand-400"
        >
          <Ticket aria-hidden className="size-6" />
          Marquee
        </Link>
        <ThemeToggle />
      </div>
    </header>
  );
}
