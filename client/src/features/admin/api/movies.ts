import type { AdminMoviesResponse, MovieResponse, UpdateMovieRequest } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';
import { invalidateShows } from './invalidate-shows.ts';

export const adminMoviesQueryKey = [...adminQueryKey, 'movies'] as const;

/** GET /api/admin/movies: every movie, retired ones too, with how many shows each has had. */
export function useAdminMovies() {
  return useQuery({
    queryKey: adminMoviesQueryKey,
    queryFn: ({ signal }) =>
      api<AdminMoviesResponse>('/api/admin/movies', { signal, fallbackMessage: 'Failed to fetch movies' }),
  });
}

/** PUT /api/movies/{id}: corrections, or `active` to retire or restore the film. */
export function useUpdateMovie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ movieId, changes }: { movieId: string; changes: UpdateMovieRequest }) =>
      api<MovieResponse>(`/api/movies/${encodeURIComponent(movieId)}`, {
        method: 'PUT',
        body: changes,
        fallbackMessage: 'Failed to save the movie',
      }),
    // A film's title and state show on the public pages and every admin list.
    onSuccess: () => invalidateShows(queryClient),
  });
}

export function useDeleteMovie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movieId: string) =>
      api<{ success: true; message: string }>(`/api/movies/${encodeURIComponent(movieId)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete the movie',
      }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
