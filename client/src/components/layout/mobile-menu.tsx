import { LogOut, Menu, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { accountLinksFor, focusRing, mainLinks, type HeaderProps } from './nav-links.ts';
import { useDisclosure } from './use-disclosure.ts';

const itemClass = `block rounded-md px-3 py-3 text-base font-medium ${focusRing}`;
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${itemClass} ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100'
      : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800'
  }`;

/** Below the md breakpoint the links fold into this disclosure under a menu button. */
export function MobileMenu({ user, onSignOut }: HeaderProps) {
  const { isOpen, close, panelId, containerRef, toggleProps } = useDisclosure();

  return (
    <div ref={containerRef} className="md:hidden">
      <button
        {...toggleProps}
        aria-label="Menu"
        className={`rounded-md p-2 text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 ${focusRing}`}
      >
        {isOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
      </button>
      {isOpen && (
        <nav
          id={panelId}
          aria-label="Main"
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-zinc-200 bg-white px-4 py-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        >
          <ul className="space-y-1">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} onClick={close} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {user && (
            <div className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
              <p className="truncate px-3 pb-2 text-sm text-zinc-600 dark:text-zinc-400">
                Signed in as{' '}
                <span className="font-semibold text-zinc-900 dark:text-zinc-100">{user.name}</span>
              </p>
              <ul className="space-y-1">
                {accountLinksFor(user).map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={close} className={linkClass({ isActive: false })}>
                      {link.label}
                    </Link>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      onSignOut();
                    }}
                    className={`${linkClass({ isActive: false })} flex w-full items-center gap-2 text-left`}
                  >
                    <LogOut aria-hidden className="size-5" />
                    Sign Out
                  </button>
                </li>
              </ul>
            </div>
          )}
        </nav>
      )}
    </div>
  );
}
