import type { ShowPaidBookingsResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How many paid bookings a move of the show emails, read when the edit dialog opens. */
export function useShowPaidBookings(showId: string) {
  return useQuery({
    queryKey: ['shows', showId, 'paid-bookings'],
    queryFn: ({ signal }) =>
      api<ShowPaidBookingsResponse>(`/api/shows/${encodeURIComponent(showId)}/paid-bookings`, { signal }),
    select: (answer) => answer.paidBookings,
    staleTime: 0,
  });
}
