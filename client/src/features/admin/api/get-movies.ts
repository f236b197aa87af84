import type { MoviesResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every movie in the catalogue, A to Z, for the movie pickers. */
export function useMovieOptions() {
  return useQuery({
    queryKey: ['movies', 'all'],
    queryFn: ({ signal }) =>
      api<MoviesResponse>('/api/movies', { signal, fallbackMessage: 'Failed to fetch movies' }),
    select: (answer) =>
      answer.movies
        .map((movie) => ({
          _id: movie._id,
          title: movie.title,
          year: movie.Year,
          runtime: movie.duration,
          languages: movie.languages,
          format: movie.format,
        }))
        .sort((a, b) => a.title.localeCompare(b.title)),
  });
}
