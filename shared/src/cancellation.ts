import { z } from 'zod';
import { formatTimeAt } from './dates.ts';

/**
 * The cancellation policy (CONTRACT §13): `settings.cancellation.tiers`, and the one function
 * that reads it. A buyer cancelling a paid booking gets back the percentage of the first tier
 * whose `minutesBefore` the time left before the start still reaches; past the last tier, nothing
 * (the cancel is refused). Time is a parameter: the caller's clock decides, never this module.
 */

export interface CancellationTier {
  /** The tier holds while at least this many minutes are left before the start. */
  minutesBefore: number;
  /** What comes back in this tier, a percent of what was paid. */
  refundPercent: number;
}

export const defaultCancellationTiers: CancellationTier[] = [
  { minutesBefore: 120, refundPercent: 100 },
  { minutesBefore: 30, refundPercent: 50 },
];

const tierSchema = z.strictObject({
  minutesBefore: z
    .number({ message: 'minutesBefore must be a whole number of minutes' })
    .int('minutesBefore must be a whole number of minutes')
    .min(0, 'minutesBefore must be 0 or more')
    .max(525_600, 'minutesBefore is at most 525600 (a year)'),
  refundPercent: z
    .number({ message: 'refundPercent must be a number from 0 to 100' })
    .int('refundPercent must be a whole number from 0 to 100')
    .min(0, 'refundPercent must be from 0 to 100')
    .max(100, 'refundPercent must be from 0 to 100'),
});

export const cancellationSettingsSchema = z.strictObject({
  tiers: z
    .array(tierSchema, { message: 'tiers must be a list' })
    .max(10, 'tiers has at most 10 tiers')
    .superRefine((tiers, ctx) => {
      tiers.slice(1).forEach((tier, i) => {
        if (tier.minutesBefore >= tiers[i]!.minutesBefore)
          ctx.addIssue({
            code: 'custom',
            path: [i + 1, 'minutesBefore'],
            message: 'each tier must start fewer minutesBefore than the one before',
          });
      });
    }),
});
export type CancellationSettings = z.infer<typeof cancellationSettingsSchema>;

/**
 * The tiers a booking keeps (CONTRACT §10: a change of the policy applies to bookings made after
 * it): `bookings.cancellation_policy`, the settings' `cancellation` section in force when it was
 * made, `{}` while the defaults were. Null when the booking has none it can be read by: the
 * caller takes the policy of now.
 */
export function heldCancellationTiers(snapshot: unknown): CancellationTier[] | null {
  if (snapshot === null || typeof snapshot !== 'object') return null;
  const held = cancellationSettingsSchema.safeParse({ tiers: defaultCancellationTiers, ...snapshot });
  return held.success ? held.data.tiers : null;
}

export interface CancellationQuote {
  /** Whether the buyer may cancel now. */
  allowed: boolean;
  /** The current tier's percent (0 when not allowed). */
  refundPercent: number;
  /**
   * The policy's amount, in paise: the percent of the paid amount, rounded down, plus
   * `inFullPaise`. Past the last tier the buyer may not cancel, and this is what staff refund when
   * they cancel without choosing an amount: `inFullPaise` alone (food not handed over).
   */
  refundPaise: number;
  /** When the current tier ends (the start minus its minutesBefore); null when not allowed. */
  until: Date | null;
}

/**
 * What a buyer cancelling a paid booking now gets back. `inFullPaise` is the part of the paid
 * amount that always comes back whole (items not yet collected, §12; staff cancelling past the
 * last tier still give it back); the tier's percent applies to the rest. Exact at the boundaries: a tier of 120 minutes holds
 * while 120:00.000 or more are left, and not a millisecond after.
 */
export function quoteCancellation({
  tiers,
  now,
  startsAt,
  paidPaise,
  inFullPaise = 0,
}: {
  tiers: readonly CancellationTier[];
  now: Date;
  startsAt: Date;
  paidPaise: number;
  inFullPaise?: number;
}): CancellationQuote {
  const left = startsAt.getTime() - now.getTime();
  const tier = tiers.find((t) => left >= t.minutesBefore * 60_000);
  const whole = Math.min(Math.max(inFullPaise, 0), paidPaise);
  if (!tier) return { allowed: false, refundPercent: 0, refundPaise: whole, until: null };
  const rest = paidPaise - whole;
  return {
    allowed: true,
    refundPercent: tier.refundPercent,
    refundPaise: whole + Math.floor((rest * tier.refundPercent) / 100),
    until: new Date(startsAt.getTime() - tier.minutesBefore * 60_000),
  };
}

/** When the first tier ends for a show: the last moment a booking of it may be exchanged (§13). */
export function firstTierCutOff(tiers: readonly CancellationTier[], startsAt: Date): Date | null {
  const first = tiers[0];
  return first ? new Date(startsAt.getTime() - first.minutesBefore * 60_000) : null;
}

function share(percent: number): string {
  if (percent === 100) return 'Full refund';
  if (percent === 50) return 'half';
  if (percent === 0) return 'no refund';
  return `${percent}% refund`;
}

/**
 * The policy in words for one show, as the booking page, the ticket and My Bookings say it:
 * "Full refund until 5:30 PM, half until 7:00 PM; no cancellation after that." Times on the
 * cinema's clock. With no tiers: "Paid bookings cannot be cancelled."
 */
export function describeCancellationPolicy(
  tiers: readonly CancellationTier[],
  startsAt: string,
  timeZone: string,
): string {
  if (!tiers.length) return 'Paid bookings cannot be cancelled.';
  const start = new Date(startsAt).getTime();
  const parts = tiers.map((tier, i) => {
    const words = share(tier.refundPercent);
    const said = i === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    const until = new Date(start - tier.minutesBefore * 60_000).toISOString();
    return `${said} until ${formatTimeAt(until, timeZone)}`;
  });
  return `${parts.join(', ')}; no cancellation after that.`;
}

/** GET /api/bookings/{id}/cancellation */
export const cancellationQuoteResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    allowed: z.boolean(),
    refundAmount: z.number().meta({ description: 'Rupees that would come back if cancelled now' }),
    refundPercent: z.number(),
    until: z.string().nullable().meta({ description: 'When the current tier ends (ISO instant)' }),
    paidAmount: z.number().meta({ description: 'Rupees paid (0 while unpaid): the most staff may refund' }),
    tiers: z.array(z.object({ minutesBefore: z.number(), refundPercent: z.number() })),
  })
  .meta({ id: 'CancellationQuoteResponse' });
export type CancellationQuoteResponse = z.infer<typeof cancellationQuoteResponse>;
