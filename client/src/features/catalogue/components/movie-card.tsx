import type { MovieWithShows } from '@marquee/shared';
import { CalendarDays, Clock, Star } from 'lucide-react';
import { PosterCard } from '../../../components/ui/poster-card.tsx';
import { formatCardRating, formatFromPrice, formatShowCount, summarizeShowDates } from '../card-details.ts';
import { formatsOfMovie, languagesOfMovie } from '../movie-filters.ts';

export function MovieCard({ movie, titleLevel = 3 }: { movie: MovieWithShows; titleLevel?: 2 | 3 }) {
  const dates = summarizeShowDates(movie.showDates);
  const price = formatFromPrice(movie.lowestPrice);
  const languages = languagesOfMovie(movie);
  const formats = formatsOfMovie(movie);

  return (
    <PosterCard
      movie={movie}
      titleLevel={titleLevel}
      actionLabel="View Shows"
      overlay={
        <p className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-zinc-950/80 px-2 py-0.5 text-xs font-semibold text-white">
          <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
          <span className="sr-only">Rating</span>
          {formatCardRating(movie.rating)}
        </p>
      }
    >
      <p className="flex items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
        <Clock aria-hidden className="size-4 shrink-0" />
        <span className="sr-only">Runtime</span>
        {movie.duration}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        {movie.Rated && (
          <span className="rounded border border-zinc-400 px-1.5 text-xs font-semibold text-zinc-800 dark:border-zinc-500 dark:text-zinc-100">
            <span className="sr-only">Rated </span>
            {movie.Rated}
          </span>
        )}
        {languages.length > 0 && (
          <span>
            <span className="sr-only">Languages: </span>
            {languages.join(', ')}
          </span>
        )}
        <span className="font-medium">
          <span className="sr-only">Format: </span>
          {formats.join(' · ')}
        </span>
      </p>
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {formatShowCount(movie.showCount)}
      </p>
      {dates.labels.length > 0 && (
        <p className="flex items-start gap-1 text-sm text-zinc-700 dark:text-zinc-300">
          <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="sr-only">Show dates</span>
          <span className="flex flex-wrap gap-x-2">
            {dates.labels.map((label) => (
              <span key={label}>{label}</span>
            ))}
            {dates.moreCount > 0 && (
              <span className="font-medium text-brand-700 dark:text-brand-300">+{dates.moreCount} more</span>
            )}
          </span>
        </p>
      )}
      {price && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span className="text-base font-semibold text-zinc-900 dark:text-white">{price}</span> per ticket
        </p>
      )}
    </PosterCard>
  );
}
