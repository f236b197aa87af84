import { ApiError } from '../../lib/api.ts';

/**
 * The spec's words for a booking that was not made (§8): the server's own message when it gave
 * one; otherwise 'Booking failed' when the server answered but said no, or 'Failed to create
 * booking. Please try again.' when the call itself failed (an error status, or no answer at all).
 */
export function bookingFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.status >= 200 && error.status < 300) return 'Booking failed';
  }
  return 'Failed to create booking. Please try again.';
}

/** A booking the server refused, said beside Book Now for as long as the seats it was about stay chosen. */
export interface BookingRefusal {
  message: string;
  /** The seats that were refused, in order and joined with commas. */
  seatsKey: string;
  /** The payment page of the buyer's own booking that is waiting (the 409 points to it). */
  payUrl: string | null;
}

export function bookingRefusal(error: unknown, seats: readonly string[]): BookingRefusal {
  const url = error instanceof ApiError && error.status === 409 ? error.details.url : undefined;
  return {
    message: bookingFailureMessage(error),
    seatsKey: seats.join(','),
    payUrl: typeof url === 'string' && url ? url : null,
  };
}

/** The refusal while its cause stands: once the buyer changes the seats, it no longer applies. */
export function standingRefusal(
  refusal: BookingRefusal | null,
  seats: readonly string[],
): BookingRefusal | null {
  return refusal && refusal.seatsKey === seats.join(',') ? refusal : null;
}
