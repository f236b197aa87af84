import type { Movie } from '@marquee/shared';
import { Clock, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { castText, languageText } from '../movie-facts.ts';
import { Poster } from '../../../components/ui/poster.tsx';

interface MovieDetailsProps {
  movie: Movie;
  /** Empty while the cinema's configuration is still on its way. */
  cinemaName: string;
  favourite: ReactNode;
}

function Detail({
  term,
  children,
  className = '',
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export function MovieDetails({ movie, cinemaName, favourite }: MovieDetailsProps) {
  const ratings = movie.Ratings || 'N/A';
  const cast = castText(movie.Actors);

  return (
    <article className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-col gap-5 p-4 sm:flex-row sm:gap-6 sm:p-6">
        <Poster
          src={movie.poster}
          alt={`Poster of ${movie.title}`}
          title={movie.title}
          width={400}
          height={600}
          decoding="async"
          className="aspect-[2/3] w-32 shrink-0 self-start rounded-lg bg-zinc-200 object-cover shadow-md sm:w-44 lg:w-52 dark:bg-zinc-800"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{movie.title}</h1>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
                <span>{movie.genre}</span>
                {movie.Year && <span>{movie.Year}</span>}
              </p>
            </div>
            {favourite}
          </div>
          <p className="mt-4 max-w-prose leading-relaxed text-zinc-700 dark:text-zinc-300">
            {movie.Plot || movie.description}
          </p>
          <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
            <Detail term="Ratings">
              <span className="inline-flex items-center gap-1 font-semibold">
                <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
                {ratings}
              </span>
            </Detail>
            <Detail term="Runtime">
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-4 text-zinc-500 dark:text-zinc-400" />
                {movie.Runtime || movie.duration}
              </span>
            </Detail>
            <Detail term="Cinema">{cinemaName}</Detail>
            <Detail term="Rated">{movie.Rated || 'N/A'}</Detail>
            <Detail term="Director">{movie.Director || 'N/A'}</Detail>
            <Detail term="Language">{languageText(movie.Language)}</Detail>
            {cast && (
              <Detail term="Cast" className="col-span-2 sm:col-span-3">
                {cast}
              </Detail>
            )}
          </dl>
        </div>
      </div>
    </article>
  );
}
