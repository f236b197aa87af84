import { LogIn } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClassName } from '../ui/button.ts';
import { ThemeToggle } from '../ui/theme-toggle.tsx';
import { BrandMark } from './brand-mark.tsx';
import { MinimalHeader } from './minimal-header.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { focusRing, headerClass, mainLinks, type HeaderProps } from './nav-links.ts';
import { UserMenu } from './user-menu.tsx';

// Spec §2 "Other navigation": on exactly these paths the header shows only the brand, Back to
// Movies and the theme toggle; so does the payment page, where nothing should lure anyone away.
const minimalHeaderPaths = new Set(['/booking', '/mybooking']);
const isMinimalHeaderPath = (path: string) => minimalHeaderPaths.has(path) || path.startsWith('/pay/');

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100'
      : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white'
  }`;

export function SiteHeader(props: HeaderProps) {
  const { pathname } = useLocation();
  if (isMinimalHeaderPath(pathname.replace(/\/+$/, '') || '/')) return <MinimalHeader />;
  const { user, isSessionPending, onSignOut } = props;

  return (
    <header className={headerClass}>
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandMark />
        <nav aria-label="Main" className="hidden flex-1 justify-center md:flex">
          <ul className="flex items-center gap-1">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <ThemeToggle />
          {isSessionPending ? (
            // Holds Sign In's place without showing it, so a signed-in visitor never sees it flash.
            <span aria-hidden className={buttonClassName('primary', 'invisible px-3 sm:px-4')}>
              <LogIn className="size-4" />
              Sign In
            </span>
          ) : user ? (
            <div className="hidden md:block">
              <UserMenu user={user} onSignOut={onSignOut} />
            </div>
          ) : (
            <Link to="/sign-in" className={buttonClassName('primary', 'px-3 sm:px-4')}>
              <LogIn aria-hidden className="size-4" />
              Sign In
            </Link>
          )}
          <MobileMenu user={user} onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  );
}
