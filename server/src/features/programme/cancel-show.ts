import type { Show } from '@marquee/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, bookingSeats, payments, shows } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { toShow } from '../catalogue/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import {
  type GatewayName,
  type GatewayPayment,
  recordBookingRefund,
  refundablePaise,
  settleAfterCommit,
  type RefundResult,
  type UseCaseDeps,
} from '../payments/index.ts';
import { lockShow } from './show-rules.ts';

export interface CancelShowOutcome {
  show: Show;
  changed: boolean;
  cancelledBookings: number;
  /** Refunds recorded for paid bookings, for the refund worker to carry out after commit. */
  refundIds: string[];
  /** The same, a list per paid booking: one paid in two payments (a dearer exchange) has two. */
  refundsPerBooking: string[][];
  /** Checkouts that could still be paid (unpaid and lapsed bookings), to close at the gateway. */
  openCheckouts: GatewayPayment[];
}

/** The reason recorded with each refund of a cancelled show's paid bookings. */
export const SHOW_CANCELLED_REASON = 'The show was cancelled by the cinema';

/**
 * Cancels a show with every booking still live on it, in one transaction: the show cannot be
 * booked again, each seat is freed once, each paid booking gets exactly one refund record, and
 * the audit row is written (a second cancel finds nothing live and changes nothing). A payment
 * that still arrives for one of its bookings (a lapsed hold's checkout) is refunded by the event
 * handler, which sees the show cancelled; its checkout is closed after commit.
 *
 * Locks follow decision 0009: the show FOR UPDATE (every booking-level path holds it KEY SHARE,
 * so they finish first or wait), then its bookings in id order, then their payments.
 */
export async function cancelShow({
  db,
  showId,
  actorId,
  now,
  timeZone,
}: {
  db: Db;
  showId: string;
  actorId: string | null;
  now: Date;
  timeZone: string;
}): Promise<CancelShowOutcome> {
  return db.transaction(async (tx) => {
    const show = await lockShow(tx, showId);
    const outcome: CancelShowOutcome = {
      show: toShow(show, 0, show.movieId, timeZone),
      changed: false,
      cancelledBookings: 0,
      refundIds: [],
      refundsPerBooking: [],
      openCheckouts: [],
    };
    if (show.status === 'cancelled') return outcome;
    const [row] = await tx
      .update(shows)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(shows.id, showId))
      .returning();
    const live = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.showId, showId), inArray(bookings.status, ['pending', 'paid'])))
      .orderBy(asc(bookings.id))
      .for('update');
    const ids = live.map((booking) => booking.id);
    if (ids.length) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(inArray(bookings.id, ids));
      await tx.update(bookingSeats).set({ isLive: false }).where(inArray(bookingSeats.bookingId, ids));
      await tx
        .update(payments)
        .set({ status: 'expired', updatedAt: now })
        .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'open')));
      const paid = await tx
        .select()
        .from(payments)
        .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'succeeded')));
      const byBooking = new Map<string, typeof paid>();
      for (const payment of paid)
        byBooking.set(payment.bookingId, [...(byBooking.get(payment.bookingId) ?? []), payment]);
      for (const [bookingId, captured] of byBooking) {
        // Every buyer who had paid is told, in the same transaction (CONTRACT §6), and refunded
        // in full: all that was paid and is not back yet (an exchange's difference may be).
        await enqueueEmail(tx, { kind: 'show-cancelled', bookingId });
        const owed = await refundablePaise(tx, captured);
        const recorded = await recordBookingRefund(
          tx,
          { captured, amountPaise: owed, reason: SHOW_CANCELLED_REASON },
          now,
        );
        outcome.refundIds.push(...recorded);
        outcome.refundsPerBooking.push(recorded);
      }
    }
    // Every checkout of the show that is not paid may still complete at its gateway: close them.
    const closable = await tx
      .select({ gateway: payments.gateway, ref: payments.gatewayRef })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(bookings.showId, showId), eq(payments.status, 'expired')));
    outcome.openCheckouts = closable.map((payment) => ({
      gateway: payment.gateway as GatewayName,
      ref: payment.ref,
    }));
    await recordAudit(tx, {
      actorId,
      action: 'show.cancel',
      entityType: 'show',
      entityId: showId,
      details: { cancelledBookings: ids.length, refunds: outcome.refundIds.length },
    });
    return {
      ...outcome,
      show: toShow(row!, 0, row!.movieId, timeZone),
      changed: true,
      cancelledBookings: ids.length,
    };
  });
}

/**
 * The whole use case of the cinema cancelling a show: the transaction above, then the seat map told,
 * checkouts that could still be paid closed, and the refunds carried out at once (`refunds`: those
 * of online payments; the box office's are paid back by a cashier, so they are not among them).
 */
export async function cancelShowAndRefund(
  deps: UseCaseDeps,
  request: { showId: string; actorId: string | null; timeZone: string },
): Promise<CancelShowOutcome & { refunds: RefundResult[] }> {
  const outcome = await cancelShow({ ...request, db: deps.db, now: deps.clock() });
  deps.seatMaps.invalidate(outcome.show._id);
  const refunds = outcome.changed ? await settleAfterCommit(deps, outcome) : [];
  return { ...outcome, refunds };
}
