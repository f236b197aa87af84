import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClassName } from '../components/ui/button.ts';

/** Last resort for a page that threw or whose code failed to load (often a stale tab after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      {detail && <p className="mt-2 text-zinc-600 dark:text-zinc-400">{detail}</p>}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={buttonClassName('primary', 'mt-6')}
      >
        Reload the page
      </button>
    </main>
  );
}
