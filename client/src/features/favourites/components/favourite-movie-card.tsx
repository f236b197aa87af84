import type { Movie } from '@marquee/shared';
import { Clock, Heart, Star } from 'lucide-react';
import { PosterCard } from '../../../components/ui/poster-card.tsx';

// The spec's default for cards when a movie has no rating yet.
const defaultRating = 8;

interface FavouriteMovieCardProps {
  movie: Movie;
  isRemoving: boolean;
  onRemove: () => void;
}

export function FavouriteMovieCard({ movie, isRemoving, onRemove }: FavouriteMovieCardProps) {
  const rating = (movie.rating ?? defaultRating).toFixed(1);

  return (
    <PosterCard
      movie={movie}
      titleLevel={2}
      actionLabel="Book Tickets"
      overlay={
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
      }
    >
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
    </PosterCard>
  );
}
