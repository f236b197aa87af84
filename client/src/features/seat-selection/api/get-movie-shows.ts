import type { ShowsResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Upcoming shows of one movie, soonest first; the movie may be named by id or slug. */
export function getMovieShows(movieIdOrSlug: string, signal?: AbortSignal): Promise<ShowsResponse> {
  return api<ShowsResponse>(`/api/shows/movie/${encodeURIComponent(movieIdOrSlug)}`, {
    signal,
    fallbackMessage: 'Failed to fetch movie shows',
  });
}

export const movieShowsQueryOptions = (movieIdOrSlug: string) =>
  queryOptions({
    queryKey: ['shows', 'movie', movieIdOrSlug],
    queryFn: ({ signal }) => getMovieShows(movieIdOrSlug, signal),
  });

export function useMovieShows(movieIdOrSlug: string) {
  return useQuery(movieShowsQueryOptions(movieIdOrSlug));
}
