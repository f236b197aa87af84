import type { MovieWithShows } from '@marquee/shared';
import { Clock, Star } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';

// The spec's default for cards when a movie has no rating yet.
const defaultRating = 8;

export function MovieCard({ movie }: { movie: MovieWithShows }) {
  const titleId = useId();
  const rating = (movie.rating ?? defaultRating).toFixed(1);

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <img
        src={movie.poster}
        alt={movie.title}
        width={400}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[2/3] w-full bg-zinc-200 object-cover dark:bg-zinc-800"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={titleId} className="text-lg leading-snug font-semibold">
          {movie.title}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{movie.genre}</p>
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <div className="flex items-center gap-1">
            <dt>
              <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
              <span className="sr-only">Rating</span>
            </dt>
            <dd>{rating}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Clock aria-hidden className="size-4" />
              <span className="sr-only">Duration</span>
            </dt>
            <dd>{movie.duration}</dd>
          </div>
        </dl>
        {/* Every card's link reads "View Shows"; the description says which movie it is for. */}
        <Link
          to={`/booking/${encodeURIComponent(movie._id)}`}
          aria-describedby={titleId}
          className={buttonClassName('primary', 'mt-auto')}
        >
          View Shows
        </Link>
      </div>
    </article>
  );
}
