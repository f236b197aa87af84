import type { MovieResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** One movie by its id or its slug (the server accepts either). */
export function getMovie(idOrSlug: string, signal?: AbortSignal): Promise<MovieResponse> {
  return api<MovieResponse>(`/api/movies/${encodeURIComponent(idOrSlug)}`, {
    signal,
    fallbackMessage: 'Failed to fetch movie',
  });
}

export const movieQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['movies', 'detail', idOrSlug],
    queryFn: ({ signal }) => getMovie(idOrSlug, signal),
  });

export function useMovie(idOrSlug: string) {
  return useQuery(movieQueryOptions(idOrSlug));
}
