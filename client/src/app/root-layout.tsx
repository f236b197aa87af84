import { Outlet, ScrollRestoration, useMatch, type Location } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { useSession } from '../features/auth/use-session.ts';
import { useCinemaConfig } from '../lib/cinema-config.ts';

/**
 * Where each page's scroll position is kept. Every full page load starts on an entry React Router
 * calls 'default', so by that key alone a page opened from the address bar, a sign-in provider or
 * a payment page would land at the position the previous full load in this tab was left at.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

export function RootLayout() {
  const { user, isPending } = useSession();
  const signOut = useSignOut();
  const config = useCinemaConfig();
  // The counter is a work screen, used all day on one display: every pixel of its height for the
  // sale, so no footer, and the full width for the map beside the sale.
  const isCounter = useMatch('/boxoffice') !== null;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900"
      >
        Skip to content
      </a>
      <SiteHeader user={user} isSessionPending={isPending} onSignOut={() => signOut.mutate()} />
      <main
        id="main"
        className={
          isCounter
            ? 'w-full flex-1 px-3 py-3'
            : 'mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8'
        }
      >
        <Outlet />
      </main>
      {!isCounter && <SiteFooter cinema={config.data?.cinema} />}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
