import type { ShareLinkResponse, SharedTicketResponse } from '@marquee/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const sharePath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/share`;

/** The booking's share link (the same one each time until revoked), for its buyer. */
export function useShareLink(bookingId: string) {
  return useMutation({
    mutationFn: () =>
      api<ShareLinkResponse>(sharePath(bookingId), {
        method: 'POST',
        fallbackMessage: 'Could not make a link. Please try again.',
      }),
  });
}

/** Stops every link given so far from opening the ticket. */
export function useRevokeShareLink(bookingId: string) {
  return useMutation({
    mutationFn: () =>
      api<{ success: true; message: string }>(sharePath(bookingId), {
        method: 'DELETE',
        fallbackMessage: 'Could not stop the link. Please try again.',
      }),
  });
}

/** A ticket someone shared: read with the link alone, no account. Asked again when revisited. */
export function useSharedTicket(token: string) {
  return useQuery({
    queryKey: ['shared-ticket', token],
    queryFn: ({ signal }) =>
      api<SharedTicketResponse>(`/api/share/${encodeURIComponent(token)}`, {
        signal,
        fallbackMessage: 'Could not load the ticket',
      }),
    staleTime: 60_000,
  });
}
