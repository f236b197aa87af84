import type { ShowBooking as Booking } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { pickHeldBooking } from './held-booking.ts';

const now = Date.parse('2026-05-01T10:00:00Z');
const booking = (over: Partial<Booking> & { showId?: string }): Booking =>
  ({
    _id: over._id ?? 'b1',
    show: { _id: over.showId ?? 'show-1' },
    status: 'pending',
    paymentLink: '/pay/p1',
    expiresAt: new Date(now + 300_000).toISOString(),
    bookedSeats: ['E5', 'E6'],
    ...over,
  }) as Booking;

describe('pickHeldBooking', () => {
  it("finds the buyer's booking of the show that waits for payment", () => {
    const held = booking({ _id: 'held' });
    const list = [booking({ _id: 'other-show', showId: 'show-2' }), held];
    expect(pickHeldBooking(list, 'show-1', now)).toBe(held);
  });

  it('leaves out paid, cancelled and lapsed bookings, and those that can no longer be paid', () => {
    const list = [
      booking({ status: 'paid' }),
      booking({ status: 'cancelled' }),
      booking({ expiresAt: new Date(now - 1).toISOString() }),
      booking({ paymentLink: null }),
    ];
    expect(pickHeldBooking(list, 'show-1', now)).toBeNull();
  });

  it('finds nothing without a show', () => {
    expect(pickHeldBooking([booking({})], null, now)).toBeNull();
  });
});
