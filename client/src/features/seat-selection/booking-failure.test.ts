import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { bookingFailureMessage, bookingRefusal, standingRefusal } from './booking-failure.ts';

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

describe('bookingRefusal', () => {
  const waiting = new ApiError('You already have a booking waiting for payment for this show.', 409, {
    bookingId: 'b1',
    url: 'http://localhost/pay/p1',
  });

  it('points a 409 to the waiting booking, keeping the server message as it is', () => {
    expect(bookingRefusal(waiting, ['B1', 'B2'])).toEqual({
      message: 'You already have a booking waiting for payment for this show.',
      seatsKey: 'B1,B2',
      payUrl: 'http://localhost/pay/p1',
    });
    expect(bookingRefusal(new ApiError('Seat B1 is already booked', 409), ['B1']).payUrl).toBeNull();
  });

  it('stands while the refused seats are still the choice, and is withdrawn once they change', () => {
    const refusal = bookingRefusal(waiting, ['B1', 'B2']);
    expect(standingRefusal(refusal, ['B1', 'B2'])).toBe(refusal);
    expect(standingRefusal(refusal, ['B1', 'B2', 'B3'])).toBeNull();
    expect(standingRefusal(refusal, [])).toBeNull();
    expect(standingRefusal(null, ['B1'])).toBeNull();
  });
});
