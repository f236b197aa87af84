import type { CreateShowsRequest, CreateShowsResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateShows } from './invalidate-shows.ts';

export function useCreateShows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateShowsRequest) =>
      api<CreateShowsResponse>('/api/shows', {
        method: 'POST',
        body: request,
        fallbackMessage: 'Failed to add shows',
      }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
