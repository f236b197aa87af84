import { filmFormats, filmLanguages } from '@marquee/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button.ts';
import { useMoviesWithShows } from '../../features/catalogue/api/get-movies-with-shows.ts';
import { MovieFiltersBar } from '../../features/catalogue/components/movie-filters-bar.tsx';
import { MovieGrid } from '../../features/catalogue/components/movie-grid.tsx';
import {
  datesOf,
  filterMovies,
  formatsOf,
  genresOf,
  hasFilters,
  languagesOf,
  noFilters,
  type MovieFilters,
} from '../../features/catalogue/movie-filters.ts';

// The filters live in the address, so a filtered list can be shared and survives Back.
function readFilters(params: URLSearchParams): MovieFilters {
  return {
    search: params.get('q') ?? '',
    genre: params.get('genre') ?? '',
    date: params.get('date') ?? '',
    language: params.get('language') ?? '',
    format: params.get('format') ?? '',
  };
}

const paramNames: Record<keyof MovieFilters, string> = {
  search: 'q',
  genre: 'genre',
  date: 'date',
  language: 'language',
  format: 'format',
};

export function MoviesRoute() {
  const { data, isPending, isError, refetch } = useMoviesWithShows();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const movies = data?.movies;

  const genres = useMemo(() => genresOf(movies ?? []), [movies]);
  const dates = useMemo(() => datesOf(movies ?? []), [movies]);
  const languages = useMemo(() => languagesOf(movies ?? [], filmLanguages), [movies]);
  const formats = useMemo(() => formatsOf(movies ?? [], filmFormats), [movies]);
  const shown = movies && filterMovies(movies, filters);

  function update(change: Partial<MovieFilters>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change) as [keyof MovieFilters, string][]) {
      if (value) next.set(paramNames[key], value);
      else next.delete(paramNames[key]);
    }
    // Typing is not a page visit: replace, so Back leaves the page rather than undoing letters.
    setParams(next, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <title>Movies — Marquee</title>
      <h1 className="text-3xl font-bold tracking-tight">Movies</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Everything with shows coming up. Find a film and pick a show.
      </p>
      <div className="mt-6 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <MovieFiltersBar
          filters={filters}
          genres={genres}
          dates={dates}
          languages={languages}
          formats={formats}
          onChange={update}
        />
      </div>
      {shown && (
        <p role="status" className="mt-6 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          {shown.length === 1 ? '1 movie' : `${shown.length} movies`}
          {hasFilters(filters) ? ' match your filters' : ' showing'}
        </p>
      )}
      <div className={shown ? '' : 'mt-6'}>
        <MovieGrid
          movies={shown}
          isPending={isPending}
          isError={isError}
          onRetry={() => void refetch()}
          titleLevel={2}
          empty={
            <div className="rounded-xl border border-dashed border-zinc-300 py-12 text-center dark:border-zinc-700">
              {hasFilters(filters) ? (
                <>
                  <p className="font-semibold">No movies match your filters.</p>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                    Try another title, genre, date, language or format.
                  </p>
                </>
              ) : (
                <p className="font-semibold">No movies are showing right now.</p>
              )}
              {hasFilters(filters) && (
                <button
                  type="button"
                  onClick={() => update(noFilters)}
                  className={buttonClassName('secondary', 'mt-4')}
                >
                  Clear filters
                </button>
              )}
            </div>
          }
        />
      </div>
    </>
  );
}
