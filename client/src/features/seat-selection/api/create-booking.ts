import type { CreateBookingResponse } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The buyer's own seats; `accessible` asks for a wheelchair space (CONTRACT §7). */
export interface ChosenSeatsInput {
  showId: string;
  selectedSeats: string[];
  accessible?: boolean;
  /** Food and drink with the seats (CONTRACT §12). */
  items?: { productId: string; quantity: number }[];
  userId: string;
}

/** Best available: the server picks `quantity` seats together (optionally of one class). */
export interface BestAvailableInput {
  showId: string;
  quantity: number;
  class?: string;
  items?: { productId: string; quantity: number }[];
  userId: string;
}

export type CreateBookingInput = ChosenSeatsInput | BestAvailableInput;

/** POST /api/bookings/create: holds the seats and answers with the payment page's url. */
export function createBooking(input: CreateBookingInput): Promise<CreateBookingResponse> {
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
