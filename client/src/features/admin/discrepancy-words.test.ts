import { describe, expect, it } from 'vitest';
import { describeDiscrepancy } from './discrepancy-words.ts';

const since = (iso: string) => `[${iso}]`;

describe('describeDiscrepancy', () => {
  it('says a captured payment has neither seats nor a refund', () => {
    const words = describeDiscrepancy(
      {
        kind: 'captured-unsettled',
        paymentId: 'p',
        bookingId: 'b',
        reference: 'ABCD2345',
        bookingStatus: 'expired',
        gateway: 'stripe',
        ref: 'cs_1',
        amountPaise: 40_000,
      },
      since,
    );
    expect(words.title).toBe(
      'Booking ABCD2345: ₹400 was taken, but the booking is expired and no refund is owed.',
    );
    expect(words.detail).toMatch(/cs_1 \(stripe\) needs a refund/);
  });

  it('counts the seats a paid booking lost, and names a show that will not run', () => {
    const base = { bookingId: 'b', reference: 'ABCD2345', showId: 's', showStatus: 'active' };
    const title = (liveSeats: number, seats: number, showStatus = 'active') =>
      describeDiscrepancy({ kind: 'paid-without-seats', ...base, showStatus, liveSeats, seats }, since).title;
    expect(title(0, 1)).toBe('Booking ABCD2345 is paid, but its seat is not held for it.');
    expect(title(0, 3)).toBe('Booking ABCD2345 is paid, but none of its 3 seats are held for it.');
    expect(title(2, 3)).toBe('Booking ABCD2345 is paid, but only 2 of its 3 seats are held for it.');
    expect(title(3, 3, 'cancelled')).toBe('Booking ABCD2345 is paid, but its show is cancelled.');
  });

  it('gives an overdue refund its amount, age and the gateway’s words', () => {
    const overdue = {
      kind: 'refund-overdue' as const,
      refundId: 'r',
      since: '2026-01-02T03:04:05.000Z',
      amountPaise: 15_050,
      bookingId: null,
      reference: null,
    };
    const failed = describeDiscrepancy({ ...overdue, status: 'failed', lastError: 'card_declined' }, since);
    expect(failed).toEqual({
      title:
        'A refund of ₹150.50 for a payment with no booking has been failing since [2026-01-02T03:04:05.000Z].',
      detail: 'The payment gateway said: card_declined',
    });
    const pending = describeDiscrepancy({ ...overdue, status: 'pending', lastError: null }, since);
    expect(pending.title).toMatch(/has been pending since/);
    expect(pending.detail).toBe('The payment gateway has not confirmed it yet.');
  });
});
