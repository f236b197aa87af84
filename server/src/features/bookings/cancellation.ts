import {
  heldCancellationTiers,
  quoteCancellation,
  type CancellationQuote,
  type CancellationTier,
} from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, payments, shows } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { itemsOfBookings } from '../food/index.ts';
import { refundablePaise } from '../payments/index.ts';
import { readSettings } from '../settings/index.ts';
import { messages } from '@marquee/shared';

export const policyMessages = {
  tooLate: 'This booking can no longer be cancelled',
  buyerAmount: 'Only staff can choose the refund amount',
  amountRange: (paidRupees: number) => `refundAmount must be from 0 to ${paidRupees}`,
} as const;

type BookingRow = typeof bookings.$inferSelect;

/**
 * The part of a booking's paid amount that comes back in full whatever the tier: food and drink
 * not yet collected (CONTRACT §13, §12): its items at the prices they were sold for, unless
 * `itemsCollectedAt` says they were handed over.
 */
export async function uncollectedItemsPaise(tx: Queryable, booking: BookingRow): Promise<number> {
  if (booking.itemsCollectedAt) return 0;
  const items = (await itemsOfBookings(tx, [booking.id])).get(booking.id) ?? [];
  return items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0);
}

/**
 * The policy a booking follows: the tiers in force when it was made, which it keeps (CONTRACT
 * §10); the settings of now only for a booking that kept none.
 */
export async function bookingTiers(tx: Queryable, booking: BookingRow): Promise<CancellationTier[]> {
  return heldCancellationTiers(booking.cancellationPolicy) ?? (await readSettings(tx)).cancellation.tiers;
}

/** The booking's policy (`bookingTiers`) applied to it, paid, at `now`. */
export async function policyQuote(
  tx: Queryable,
  {
    booking,
    startsAt,
    paidPaise,
    now,
  }: { booking: BookingRow; startsAt: Date; paidPaise: number; now: Date },
): Promise<CancellationQuote> {
  return quoteCancellation({
    tiers: await bookingTiers(tx, booking),
    now,
    startsAt,
    paidPaise,
    inFullPaise: await uncollectedItemsPaise(tx, booking),
  });
}

export interface CancellationAnswer {
  /** The policy the booking follows (`bookingTiers`). */
  tiers: CancellationTier[];
  allowed: boolean;
  refundPaise: number;
  refundPercent: number;
  until: Date | null;
  paidPaise: number;
}

/**
 * GET /api/bookings/{id}/cancellation: what the buyer would get back by cancelling now. Unpaid:
 * always allowed (nothing to give back, CONTRACT §13); cancelled or expired: not allowed; admitted:
 * not allowed to its buyer. The owner, staff or an admin may ask; staff see the policy's figures,
 * the amount their cancel refunds when they leave it out — an admitted booking's too.
 */
export async function readCancellation({
  db,
  bookingId,
  actor,
  now,
}: {
  db: Queryable;
  bookingId: string;
  actor: { id: string; isStaff: boolean };
  now: Date;
}): Promise<CancellationAnswer> {
  if (!isUuid(bookingId)) throw notFound('Booking not found');
  const [row] = await db
    .select({ booking: bookings, startsAt: shows.startsAt })
    .from(bookings)
    .innerJoin(shows, eq(shows.id, bookings.showId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound('Booking not found');
  const { booking, startsAt } = row;
  if (booking.userId !== actor.id && !actor.isStaff) throw new AppError('FORBIDDEN', messages.notAuthorized);
  const tiers = await bookingTiers(db, booking);
  const none = { tiers, allowed: false, refundPaise: 0, refundPercent: 0, until: null, paidPaise: 0 };
  if (booking.status === 'pending')
    return { ...none, allowed: true, until: startsAt > now ? startsAt : null };
  if (booking.status !== 'paid') return none;
  // All it was paid, less an exchange's difference already given back: what a cancel can refund.
  const captured = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  const paidPaise = await refundablePaise(db, captured);
  // A counter sale is not cancelled online: it is refunded at the counter (CONTRACT §11).
  if (booking.channel === 'counter') return { ...none, paidPaise };
  // Staff cancelling someone else's admitted booking refund the policy's amount unless they choose.
  const asBuyer = booking.userId === actor.id || !actor.isStaff;
  if (booking.checkedInAt && asBuyer) return { ...none, paidPaise };
  const quote = await policyQuote(db, { booking, startsAt, paidPaise, now });
  // Past the last tier a buyer may not cancel, so nothing comes back to them; staff still see
  // what their cancel would refund (the uncollected food).
  if (!quote.allowed && asBuyer) return { ...none, paidPaise };
  return { ...quote, tiers, paidPaise };
}
