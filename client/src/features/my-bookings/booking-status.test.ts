import { describe, expect, it } from 'vitest';
import { bookingBadge, canCancelBooking, paymentState } from './booking-status.ts';

const now = Date.parse('2026-11-24T10:00:00.000Z');
const later = '2026-11-24T10:05:00.000Z';
const earlier = '2026-11-24T09:55:00.000Z';
const refund = { amount: 300, status: 'succeeded', createdAt: later };
const booking = (
  status: 'pending' | 'paid' | 'cancelled' | 'expired',
  extra: { expiresAt?: string; refund?: typeof refund | null; startsAt?: string; checkedInAt?: string } = {},
) => ({
  status,
  checkedInAt: extra.checkedInAt ?? null,
  expiresAt: extra.expiresAt ?? later,
  refund: extra.refund ?? null,
  show: { startsAt: extra.startsAt ?? '2026-11-24T18:00:00.000Z' },
});

describe('bookingBadge', () => {
  it('says Paid and Pending Payment for the two live states', () => {
    expect(bookingBadge(booking('paid'), now)).toBe('paid');
    expect(bookingBadge(booking('pending'), now)).toBe('pending');
  });

  it('calls a pending booking past its window Expired before the server sweeps it', () => {
    expect(bookingBadge(booking('pending', { expiresAt: earlier }), now)).toBe('expired');
    expect(bookingBadge(booking('pending', { expiresAt: '2026-11-24T10:00:00.000Z' }), now)).toBe('expired');
  });

  it('keeps Expired and Cancelled, and calls a refunded late payment Refunded', () => {
    expect(bookingBadge(booking('expired'), now)).toBe('expired');
    expect(bookingBadge(booking('expired', { refund }), now)).toBe('refunded');
    expect(bookingBadge(booking('cancelled'), now)).toBe('cancelled');
    expect(bookingBadge(booking('cancelled', { refund }), now)).toBe('cancelled');
  });
});

describe('canCancelBooking', () => {
  it('allows pending and paid bookings before the show starts', () => {
    expect(canCancelBooking(booking('pending'), now)).toBe(true);
    expect(canCancelBooking(booking('paid'), now)).toBe(true);
  });

  it('refuses once the show has started, the window has passed, or it is already over', () => {
    expect(canCancelBooking(booking('paid', { startsAt: earlier }), now)).toBe(false);
    expect(canCancelBooking(booking('pending', { expiresAt: earlier }), now)).toBe(false);
    expect(canCancelBooking(booking('cancelled'), now)).toBe(false);
    expect(canCancelBooking(booking('expired'), now)).toBe(false);
  });

  it('lets a hold still in its payment window be cancelled after the start (CONTRACT §13: always)', () => {
    expect(canCancelBooking(booking('pending', { startsAt: earlier }), now)).toBe(true);
  });

  it('refuses a booking admitted at the door, though its show has not started yet', () => {
    expect(canCancelBooking(booking('paid', { checkedInAt: earlier }), now)).toBe(false);
  });
});

describe('paymentState', () => {
  const open = { isPayable: true, status: 'open' };

  it('is payable only while the server says so and time is left', () => {
    expect(paymentState(open, booking('pending'), now)).toBe('payable');
    expect(paymentState({ isPayable: false, status: 'open' }, booking('pending'), now)).toBe('expired');
    expect(paymentState(open, booking('pending', { expiresAt: earlier }), now)).toBe('expired');
  });

  it('tells paid, cancelled, expired and refunded apart', () => {
    expect(paymentState({ isPayable: false, status: 'succeeded' }, booking('paid'), now)).toBe('paid');
    expect(paymentState({ isPayable: false, status: 'expired' }, booking('cancelled'), now)).toBe(
      'cancelled',
    );
    expect(paymentState({ isPayable: false, status: 'expired' }, booking('expired'), now)).toBe('expired');
    expect(paymentState({ isPayable: false, status: 'refunded' }, booking('expired', { refund }), now)).toBe(
      'refunded',
    );
  });
});
