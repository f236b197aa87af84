import type { Movie } from '@marquee/shared';
import { Clock, Heart, Star } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';

// The spec's default for cards when a movie has no rating yet.
const defaultRating = 8;

interface FavouriteMovieCardProps {
  movie: Movie;
  isRemoving: boolean;
  onRemove: () => void;
}

export function FavouriteMovieCard({ movie, isRemoving, onRemove }: FavouriteMovieCardProps) {
  const titleId = useId();
  const rating = (movie.rating ?? defaultRating).toFixed(1);

  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <img
        src={movie.poster}
        alt={`Poster of ${movie.title}`}
        width={400}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[2/3] w-full bg-zinc-200 object-cover dark:bg-zinc-800"
      />
      <button
        type="button"
        aria-label={`Remove ${movie.title} from favourites`}
        title="Remove from favourites"
        disabled={isRemoving}
        onClick={onRemove}
        className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-md transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:bg-zinc-900/90 dark:text-brand-300 dark:hover:bg-zinc-900"
      >
        <Heart aria-hidden className="size-5 fill-current" />
      </button>
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
              <span className="sr-only">Runtime</span>
            </dt>
            <dd>{movie.duration}</dd>
          </div>
        </dl>
        {/* Every card's link reads "Book Tickets"; the description says which movie it is for. */}
        <Link
          to={`/booking/${encodeURIComponent(movie._id)}`}
          aria-describedby={titleId}
          className={buttonClassName('primary', 'mt-auto')}
        >
          Book Tickets
        </Link>
      </div>
    </article>
  );
}
