import type { BookingResponse, CancellationQuoteResponse } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

/** GET /api/bookings/{id}/cancellation: the policy's amount now, and what was paid (the most staff may refund). */
export function useCancellationQuote(bookingId: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'cancellation', bookingId],
    queryFn: ({ signal }) =>
      api<CancellationQuoteResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/cancellation`, {
        signal,
        fallbackMessage: 'Could not read the cancellation policy',
      }),
    staleTime: 0,
  });
}

/** PUT /api/bookings/{id}/cancel as staff: with the amount to refund (rupees) and a reason, both audited. */
export function useStaffCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      bookingId,
      refundAmount,
      reason,
    }: {
      bookingId: string;
      refundAmount: number;
      reason: string;
    }) =>
      api<BookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/cancel`, {
        method: 'PUT',
        body: { refundAmount, reason },
        fallbackMessage: 'Failed to cancel booking',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
