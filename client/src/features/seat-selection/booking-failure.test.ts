import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { bookingFailureMessage } from './booking-failure.ts';

describe('bookingFailureMessage', () => {
  it("passes the server's message on", () => {
    expect(bookingFailureMessage(new ApiError('Seats already booked: A1, A2', 409))).toBe(
      'Seats already booked: A1, A2',
    );
    expect(bookingFailureMessage(new ApiError('Authentication required', 401))).toBe(
      'Authentication required',
    );
  });

  it("says 'Booking failed' when the server answered without success or message", () => {
    expect(bookingFailureMessage(new ApiError('', 200))).toBe('Booking failed');
  });

  it('says the call failed for an error status without a message, or no answer at all', () => {
    expect(bookingFailureMessage(new ApiError('', 502))).toBe('Failed to create booking. Please try again.');
    expect(bookingFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to create booking. Please try again.',
    );
  });
});
