import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateShows } from './invalidate-shows.ts';

export function useDeleteShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showId: string) =>
      api<{ success: true; message: string }>(`/api/shows/${encodeURIComponent(showId)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete show',
      }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
