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
