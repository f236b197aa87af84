import type { ExchangeBookingRequest, ExchangeBookingResponse } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/bookings/{id}/exchange (CONTRACT §13): other seats or another show for a paid booking.
 * Cheaper or equal: done at once. Dearer: `url` is the payment page for the difference.
 */
export function exchangeBooking(
  bookingId: string,
  input: ExchangeBookingRequest,
): Promise<ExchangeBookingResponse> {
  return api<ExchangeBookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/exchange`, {
    method: 'POST',
    body: input,
    fallbackMessage: 'The booking could not be changed. Please try again.',
  });
}

export function useExchangeBooking(bookingId: string) {
  return useMutation({ mutationFn: (input: ExchangeBookingRequest) => exchangeBooking(bookingId, input) });
}
