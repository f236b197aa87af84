import type { MovieWithShows } from '@marquee/shared';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { MovieCard } from './movie-card.tsx';

interface MovieGridProps {
  movies: readonly MovieWithShows[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Shown when the list is empty (no shows at all, or nothing matches the filters). */
  empty: ReactNode;
  onRetry?: () => void;
  /** Heading level of each card's title, to follow the page's own headings. */
  titleLevel?: 2 | 3;
}

/** The spec's loading and error texts, then one card per movie. */
export function MovieGrid({ movies, isPending, isError, empty, onRetry, titleLevel = 3 }: MovieGridProps) {
  if (isPending) {
    return (
      <p role="status" className="py-12 text-center text-zinc-600 dark:text-zinc-400">
        Loading shows...
      </p>
    );
  }
  if (isError || !movies) {
    return (
      <div className="py-12 text-center">
        <p role="alert" className="text-red-700 dark:text-red-400">
          Failed to load movies. Please try again.
        </p>
        {onRetry && (
          <button type="button" onClick={onRetry} className={buttonClassName('secondary', 'mt-4')}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (movies.length === 0) return <>{empty}</>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
      {movies.map((movie) => (
        <li key={movie._id}>
          <MovieCard movie={movie} titleLevel={titleLevel} />
        </li>
      ))}
    </ul>
  );
}
