import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { cancelConfirmMessage, cancelConfirmText, cancelFailureText } from './cancel-flow.ts';

describe('cancelFailureText', () => {
  it('says the cancel failed when the server refused it', () => {
    expect(cancelFailureText(new ApiError('This show has already started', 400))).toBe(
      'Failed to cancel booking',
    );
    expect(cancelFailureText(new ApiError('Not authorized', 403))).toBe('Failed to cancel booking');
  });

  it('says there was an error when no answer came back', () => {
    expect(cancelFailureText(new TypeError('Failed to fetch'))).toBe('Error cancelling booking');
    expect(cancelFailureText(new ApiError('', 0))).toBe('Error cancelling booking');
  });
});

describe('cancelConfirmMessage (CONTRACT §13: the dialog says what comes back)', () => {
  it('says the amount and the share of what was paid', () => {
    expect(
      cancelConfirmMessage({ allowed: true, refundAmount: 166.66, refundPercent: 50, paidAmount: 333.33 }),
    ).toBe('Are you sure you want to cancel this booking?\n\nYou will get back ₹166.66 (50% of ₹333.33).');
    expect(
      cancelConfirmMessage({ allowed: true, refundAmount: 600, refundPercent: 100, paidAmount: 600 }),
    ).toBe('Are you sure you want to cancel this booking?\n\nYou will get back ₹600 in full.');
    expect(
      cancelConfirmMessage({ allowed: true, refundAmount: 0, refundPercent: 0, paidAmount: 600 }),
    ).toContain('Nothing will be refunded.');
  });

  it('with food and drink not yet collected, says the percent of the seats and the items in full', () => {
    const items = [{ productId: 'p', name: 'Popcorn', quantity: 1, price: 249 }];
    const quote = { allowed: true, refundAmount: 399, refundPercent: 50, paidAmount: 549 };
    expect(cancelConfirmMessage(quote, { items, itemsCollectedAt: null })).toBe(
      'Are you sure you want to cancel this booking?\n\nYou will get back ₹399: 50% of the ₹300 for the seats, ' +
        'and the ₹249 of food and drink in full.',
    );
    // Handed over already: the percent is of all that was paid.
    expect(
      cancelConfirmMessage(
        { allowed: true, refundAmount: 274.5, refundPercent: 50, paidAmount: 549 },
        { items, itemsCollectedAt: '2026-11-30T10:00:00.000Z' },
      ),
    ).toContain('You will get back ₹274.50 (50% of ₹549).');
  });

  it('asks only the question for an unpaid booking, and nothing when it can no longer be cancelled', () => {
    expect(cancelConfirmMessage({ allowed: true, refundAmount: 0, refundPercent: 0, paidAmount: 0 })).toBe(
      cancelConfirmText,
    );
    expect(
      cancelConfirmMessage({ allowed: false, refundAmount: 0, refundPercent: 0, paidAmount: 600 }),
    ).toBeNull();
  });
});
