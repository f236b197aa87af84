import { ChevronDown, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { accountLinksFor, focusRing, type HeaderUser } from './nav-links.ts';
import { useDisclosure } from './use-disclosure.ts';

const itemClass = `flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800 ${focusRing}`;

/** First letter of the user's name, for the round badge. */
function initial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/**
 * The signed-in user's menu: a disclosure (a button that shows a list of links), which every
 * screen reader handles, rather than an ARIA menu that needs its own arrow-key model.
 */
export function UserMenu({ user, onSignOut }: { user: HeaderUser; onSignOut: () => void }) {
  const { isOpen, close, panelId, containerRef, toggleProps } = useDisclosure();

  return (
    <div ref={containerRef} className="relative">
      <button
        {...toggleProps}
        className={`flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800 ${focusRing}`}
      >
        <span
          aria-hidden
          className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white dark:bg-brand-600"
        >
          {initial(user.name)}
        </span>
        <span className="max-w-32 truncate">{user.name}</span>
        <ChevronDown aria-hidden className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      {isOpen && (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-56 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <p className="truncate px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400">
            Signed in as <span className="font-semibold text-zinc-900 dark:text-zinc-100">{user.name}</span>
          </p>
          <ul>
            {accountLinksFor(user).map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={close} className={itemClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="my-1 border-t border-zinc-200 dark:border-zinc-700" />
          <button
            type="button"
            onClick={() => {
              close();
              onSignOut();
            }}
            className={itemClass}
          >
            <LogOut aria-hidden className="size-4" />
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
