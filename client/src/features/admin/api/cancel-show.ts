import type { CancelShowResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateShows } from './invalidate-shows.ts';

export function useCancelShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showId: string) =>
      api<CancelShowResponse>(`/api/shows/${encodeURIComponent(showId)}/cancel`, {
        method: 'POST',
        fallbackMessage: 'Failed to cancel show',
      }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
