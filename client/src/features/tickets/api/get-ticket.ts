import type { TicketResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A paid booking's ticket; kept while the page is open, so a dropped connection still shows it. */
export function useTicket(bookingId: string) {
  return useQuery({
    queryKey: ['ticket', bookingId],
    queryFn: ({ signal }) =>
      api<TicketResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/ticket`, {
        signal,
        fallbackMessage: 'Could not load the ticket',
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: (count, error) => count < 2 && !('status' in error && (error as { status: number }).status >= 400),
  });
}
