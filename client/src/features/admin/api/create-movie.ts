import type { CreateMovieRequest, CreateMovieResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

export function useCreateMovie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movie: CreateMovieRequest) =>
      api<CreateMovieResponse>('/api/movies', {
        method: 'POST',
        body: movie,
        fallbackMessage: 'Failed to add movie',
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['movies'] }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]);
    },
  });
}
