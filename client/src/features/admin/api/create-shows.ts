import type { CreateShowsRequest, CreateShowsResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateShows } from './invalidate-shows.ts';

/** Shows on a chosen screen: a price per class of it (CONTRACT §7); the layout decides the seats. */
export type ScreenShowsRequest = Omit<CreateShowsRequest, 'showPrice' | 'totalSeats'> & {
  screen: string;
  prices: Record<string, number>;
  showPrice?: number;
};

export function useCreateShows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateShowsRequest | ScreenShowsRequest) =>
      api<CreateShowsResponse>('/api/shows', {
        method: 'POST',
        body: request,
        fallbackMessage: 'Failed to add shows',
      }),
    onSuccess: () => invalidateShows(queryClient),
  });
}
