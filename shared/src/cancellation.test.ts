import { describe, expect, it } from 'vitest';
import {
  cancellationSettingsSchema,
  defaultCancellationTiers,
  describeCancellationPolicy,
  firstTierCutOff,
  heldCancellationTiers,
  quoteCancellation,
} from './cancellation.ts';

const startsAt = new Date('2026-11-26T13:30:00Z'); // 7:00 PM in Kolkata
const minutes = (n: number) => n * 60_000;
const quoteAt = (msBefore: number, paidPaise = 99_999, inFullPaise = 0) =>
  quoteCancellation({
    tiers: defaultCancellationTiers,
    now: new Date(startsAt.getTime() - msBefore),
    startsAt,
    paidPaise,
    inFullPaise,
  });

describe('quoteCancellation', () => {
  it('gives the first tier whose minutesBefore the time left still reaches, exactly at the edges', () => {
    expect(quoteAt(minutes(500))).toMatchObject({ allowed: true, refundPercent: 100, refundPaise: 99_999 });
    expect(quoteAt(minutes(120))).toMatchObject({ refundPercent: 100, refundPaise: 99_999 });
    expect(quoteAt(minutes(120)).until).toEqual(new Date(startsAt.getTime() - minutes(120)));
    expect(quoteAt(minutes(120) - 1)).toMatchObject({ refundPercent: 50, refundPaise: 49_999 });
    expect(quoteAt(minutes(30))).toMatchObject({ allowed: true, refundPercent: 50 });
    expect(quoteAt(minutes(30)).until).toEqual(new Date(startsAt.getTime() - minutes(30)));
    expect(quoteAt(minutes(30) - 1)).toEqual({
      allowed: false,
      refundPercent: 0,
      refundPaise: 0,
      until: null,
    });
    expect(quoteAt(-minutes(5)).allowed).toBe(false);
  });

  it('rounds down to the paisa and gives the in-full part whole', () => {
    expect(quoteAt(minutes(60), 1).refundPaise).toBe(0);
    expect(quoteAt(minutes(60), 3).refundPaise).toBe(1);
    // ₹100 of items not yet collected come back whole; half of the other ₹899.99.
    expect(quoteAt(minutes(60), 99_999, 10_000).refundPaise).toBe(10_000 + 44_999);
    // Never more than was paid.
    expect(quoteAt(minutes(60), 5_000, 9_000).refundPaise).toBe(5_000);
  });

  it('past the last tier, still gives the in-full part back (what staff refund), allowing nothing', () => {
    expect(quoteAt(minutes(10), 99_999, 10_000)).toEqual({
      allowed: false,
      refundPercent: 0,
      refundPaise: 10_000,
      until: null,
    });
    expect(quoteAt(-minutes(5), 5_000, 9_000).refundPaise).toBe(5_000);
  });

  it('allows nothing with no tiers', () => {
    expect(quoteCancellation({ tiers: [], now: new Date(0), startsAt, paidPaise: 100 }).allowed).toBe(false);
    expect(firstTierCutOff([], startsAt)).toBeNull();
    expect(firstTierCutOff(defaultCancellationTiers, startsAt)).toEqual(
      new Date(startsAt.getTime() - minutes(120)),
    );
  });
});

describe('heldCancellationTiers', () => {
  it('reads the policy a booking kept: {} the defaults, none or unreadable null', () => {
    expect(heldCancellationTiers({})).toEqual(defaultCancellationTiers);
    const tiers = [{ minutesBefore: 60, refundPercent: 80 }];
    expect(heldCancellationTiers({ tiers })).toEqual(tiers);
    expect(heldCancellationTiers({ tiers: [] })).toEqual([]);
    expect(heldCancellationTiers(null)).toBeNull();
    expect(heldCancellationTiers({ tiers: [{ minutesBefore: -1, refundPercent: 50 }] })).toBeNull();
  });
});

describe('describeCancellationPolicy', () => {
  it('says the tiers in words on the cinema’s clock', () => {
    expect(describeCancellationPolicy(defaultCancellationTiers, startsAt.toISOString(), 'Asia/Kolkata')).toBe(
      'Full refund until 5:00 PM, half until 6:30 PM; no cancellation after that.',
    );
    expect(
      describeCancellationPolicy(
        [
          { minutesBefore: 60, refundPercent: 75 },
          { minutesBefore: 0, refundPercent: 0 },
        ],
        startsAt.toISOString(),
        'Asia/Kolkata',
      ),
    ).toBe('75% refund until 6:00 PM, no refund until 7:00 PM; no cancellation after that.');
    expect(describeCancellationPolicy([], startsAt.toISOString(), 'Asia/Kolkata')).toBe(
      'Paid bookings cannot be cancelled.',
    );
  });
});

describe('cancellationSettingsSchema', () => {
  it('wants minutesBefore falling from tier to tier', () => {
    expect(cancellationSettingsSchema.safeParse({ tiers: defaultCancellationTiers }).success).toBe(true);
    expect(
      cancellationSettingsSchema.safeParse({
        tiers: [
          { minutesBefore: 30, refundPercent: 50 },
          { minutesBefore: 30, refundPercent: 10 },
        ],
      }).success,
    ).toBe(false);
  });
});
