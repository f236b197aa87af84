import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../ui/button.ts';
import { ThemeToggle } from '../ui/theme-toggle.tsx';
import { BrandMark } from './brand-mark.tsx';
import { headerClass } from './nav-links.ts';

/** The pared-down header of spec §2 "Other navigation": brand, Back to Movies, theme toggle. */
export function MinimalHeader() {
  return (
    <header className={headerClass}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <BrandMark />
        <div className="flex items-center gap-2">
          <Link to="/movies" className={buttonClassName('secondary', 'px-3 whitespace-nowrap sm:px-4')}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to Movies
          </Link>
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
