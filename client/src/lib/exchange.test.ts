import type { ShowBooking as Booking } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { canChangeBooking, differenceText, ticketsPaise } from './exchange.ts';

const startsAt = Date.parse('2026-06-12T14:00:00Z');
const tiers = [
  { minutesBefore: 120, refundPercent: 100 },
  { minutesBefore: 30, refundPercent: 50 },
];
const cutOff = startsAt - 120 * 60_000;

function booking(change: Partial<Booking> = {}): Booking {
  return {
    status: 'paid',
    channel: 'online',
    checkedInAt: null,
    refund: null,
    exchange: null,
    amount: 450,
    items: [],
    show: { startsAt: new Date(startsAt).toISOString(), status: 'active' },
    ...change,
  } as Booking;
}

describe('canChangeBooking (CONTRACT §13)', () => {
  it('allows a paid online booking until the first tier ends, to the millisecond', () => {
    expect(canChangeBooking(booking(), tiers, cutOff)).toBe(true);
    expect(canChangeBooking(booking(), tiers, cutOff + 1)).toBe(false);
    expect(canChangeBooking(booking(), [], cutOff - 60_000)).toBe(false);
    expect(canChangeBooking(booking(), undefined, cutOff - 60_000)).toBe(false);
  });

  it('refuses the unpaid, the box office, the admitted, the refunded and one with a change waiting', () => {
    const early = cutOff - 60_000;
    expect(canChangeBooking(booking({ status: 'pending' }), tiers, early)).toBe(false);
    expect(canChangeBooking(booking({ channel: 'counter' }), tiers, early)).toBe(false);
    expect(canChangeBooking(booking({ checkedInAt: new Date(early).toISOString() }), tiers, early)).toBe(
      false,
    );
    const refund = { amount: 450, status: 'pending', createdAt: new Date(early).toISOString() };
    expect(canChangeBooking(booking({ refund }), tiers, early)).toBe(false);
    const waiting = {
      _id: 'h',
      showId: 's',
      showDate: '2026-06-12',
      showTime: '7:30 PM',
      bookedSeats: ['C1'],
      amount: 150,
      paymentLink: '/pay/x',
      expiresAt: new Date(early + 10_000).toISOString(),
    };
    expect(canChangeBooking(booking({ exchange: waiting }), tiers, early)).toBe(false);
    // A waiting change whose window has closed no longer stands in the way.
    expect(canChangeBooking(booking({ exchange: waiting }), tiers, early + 20_000)).toBe(true);
  });
});

describe('the difference in words', () => {
  it('says what comes back, what is to pay, or that the price is the same', () => {
    expect(differenceText(-15_000)).toBe('You get ₹150 back');
    expect(differenceText(30_050)).toBe('Pay ₹300.50 more');
    expect(differenceText(0)).toBe('Same price');
  });

  it('counts only the seats: food and drink stay with the booking', () => {
    expect(
      ticketsPaise({ amount: 650, items: [{ productId: 'p', name: 'Popcorn', quantity: 2, price: 100 }] }),
    ).toBe(45_000);
  });
});
