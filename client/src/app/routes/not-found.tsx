import { ArrowLeft, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClassName } from '../../components/ui/button.ts';

// React Router numbers its history entries; 0 means this tab arrived straight here.
function hasHistoryToGoBackTo(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

export function NotFoundRoute() {
  const navigate = useNavigate();

  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>Show Not Found — Marquee</title>
      <h1 className="text-3xl font-bold tracking-tight">Show Not Found</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">
        The page you are looking for doesn't exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClassName('primary')}>
          <House aria-hidden className="size-4" />
          Back to Home
        </Link>
        <button
          type="button"
          onClick={() => (hasHistoryToGoBackTo() ? navigate(-1) : navigate('/'))}
          className={buttonClassName('secondary')}
        >
          <ArrowLeft aria-hidden className="size-4" />
          Go Back
        </button>
      </div>
    </section>
  );
}
