import type { TicketResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The ticket's API address; the offline worker keeps its answer under it. */
export const ticketPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/ticket`;

/** A paid booking's ticket; kept while the page is open, so a dropped connection still shows it. */
export function useTicket(bookingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ['ticket', bookingId],
    queryFn: ({ signal }) =>
      api<TicketResponse>(ticketPath(bookingId), {
        signal,
        fallbackMessage: 'Could not load the ticket',
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: (count, error) => count < 2 && !('status' in error && (error as { status: number }).status >= 400),
  });
}
