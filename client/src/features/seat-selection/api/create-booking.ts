import type { CreateBookingRequest, CreateBookingResponse } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/bookings/create: holds the seats and answers with the payment page's url. */
export function createBooking(input: CreateBookingRequest): Promise<CreateBookingResponse> {
  // No fallback of our own: bookingFailureMessage tells "no message" apart and picks the spec's.
  return api<CreateBookingResponse>('/api/bookings/create', {
    method: 'POST',
    body: input,
    fallbackMessage: '',
  });
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
