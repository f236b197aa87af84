import type { BookingResponse, CancellationQuoteResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userBookingsQueryKey } from './get-user-bookings.ts';

/** PUT /api/bookings/{id}/cancel: frees the seats; a paid booking is refunded. */
export function cancelBooking(bookingId: string): Promise<BookingResponse> {
  return api<BookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'PUT',
    fallbackMessage: 'Failed to cancel booking',
  });
}

/** GET /api/bookings/{id}/cancellation: what cancelling now gives back, asked just before confirming. */
export function getCancellation(bookingId: string): Promise<CancellationQuoteResponse> {
  return api<CancellationQuoteResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/cancellation`, {
    fallbackMessage: 'Failed to cancel booking',
  });
}

/** Cancels, then re-fetches the user's bookings and any payment page's data (spec §4). */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userBookingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['payments'] }),
      ]);
    },
  });
}
