import type { UpdateShowRequest, UpdateShowResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateShows } from './invalidate-shows.ts';

export function useUpdateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ showId, changes }: { showId: string; changes: UpdateShowRequest }) =>
      api<UpdateShowResponse>(`/api/shows/${encodeURIComponent(showId)}`, {
        method: 'PUT',
        body: changes,
        fallbackMessage: 'Failed to update show',
      }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
