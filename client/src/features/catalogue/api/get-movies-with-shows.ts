import type { MoviesWithShowsResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getMoviesWithShows(signal?: AbortSignal): Promise<MoviesWithShowsResponse> {
  return api<MoviesWithShowsResponse>('/api/movies/movies-with-shows', {
    signal,
    fallbackMessage: 'Failed to fetch movie with shows',
  });
}

export const moviesWithShowsQueryOptions = () =>
  queryOptions({
    queryKey: ['movies', 'with-shows'],
    queryFn: ({ signal }) => getMoviesWithShows(signal),
  });

export function useMoviesWithShows() {
  return useQuery(moviesWithShowsQueryOptions());
}
