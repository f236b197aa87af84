import { boxOfficeMessages, formatPaise, type CounterRefundMethod } from '@marquee/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookings,
  bookingSeats,
  counterRefunds,
  counterSales,
  payments,
  shifts,
  shows,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { cancelBooking } from '../bookings/index.ts';
import { markRefundSucceeded, recordRefund } from '../payments/index.ts';
import { owedAtCounter } from './queries.ts';

export interface CounterRefundOutcome {
  bookingId: string;
  showId: string | null;
  method: CounterRefundMethod | 'comp';
  amountPaise: number;
  /** An online booking's refunds (one per payment it had), for the refund worker to carry out after commit. */
  gatewayRefundIds: string[];
}

/**
 * Cancels a paid booking at the counter and pays it back (CONTRACT §11), in the refunder's open
 * shift (held FOR SHARE, as a sale holds it). A counter sale is paid back the way it was paid:
 * cash from the drawer, card or UPI on the terminal; the refund is recorded as done at once
 * (no gateway to wait for) with its credit note, and counted in the refunder's shift. An online
 * booking goes through the online cancel (cancel-booking.ts): its refund, by the cancellation
 * policy or staff's amount, is owed through its gateway and carried out by the refund worker. A
 * counter sale of a show the cinema cancelled is owed its refund until a cashier pays it out here,
 * in the shift. A booking refunded already: 409.
 *
 * Locks: the shift, then decision 0009's order (show KEY SHARE, booking, payments).
 */
export async function refundAtCounter({
  db,
  refunder,
  bookingId,
  reason,
  refundAmountPaise,
  now,
}: {
  db: Db;
  refunder: { id: string };
  bookingId: string;
  reason: string;
  refundAmountPaise?: number;
  now: Date;
}): Promise<CounterRefundOutcome> {
  if (!isUuid(bookingId)) throw notFound('Booking not found');
  return db.transaction(async (tx) => {
    const [shift] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.userId, refunder.id), isNull(shifts.closedAt)))
      .for('share');
    if (!shift) throw conflict(boxOfficeMessages.noShift);

    const [found] = await tx
      .select({ showId: bookings.showId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!found) throw notFound('Booking not found');
    // Food and drink sold on its own has no show to lock.
    if (found.showId)
      await tx.select({ id: shows.id }).from(shows).where(eq(shows.id, found.showId)).for('key share');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw notFound('Booking not found');
    const [sale] = await tx.select().from(counterSales).where(eq(counterSales.bookingId, bookingId));
    if (booking.status === 'cancelled') {
      // The cinema cancelled the show: what a counter sale is owed waits for a cashier.
      const owed =
        sale?.paymentId && sale.method !== 'comp' ? await owedAtCounter(tx, sale.paymentId, true) : undefined;
      if (!sale || sale.method === 'comp' || !owed) throw conflict(boxOfficeMessages.alreadyRefunded);
      if (refundAmountPaise !== undefined && refundAmountPaise !== owed.amountPaise)
        throw badRequest(`The cancelled show's refund is ${formatPaise(owed.amountPaise)}, all of it`);
      await markRefundSucceeded(tx, { id: owed.id, paymentId: sale.paymentId! }, `counter-${owed.id}`, now);
      await tx.insert(counterRefunds).values({
        refundId: owed.id,
        bookingId,
        shiftId: shift.id,
        refunderId: refunder.id,
        method: sale.method,
        amountPaise: owed.amountPaise,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorId: refunder.id,
        action: 'boxoffice.refund',
        entityType: 'booking',
        entityId: bookingId,
        details: {
          shiftId: shift.id,
          method: sale.method,
          amountPaise: owed.amountPaise,
          reason,
          owed: true,
        },
      });
      return {
        bookingId,
        showId: booking.showId,
        method: sale.method,
        amountPaise: owed.amountPaise,
        gatewayRefundIds: [],
      };
    }
    if (booking.status !== 'paid')
      throw conflict(`This booking is ${booking.status}, not paid: nothing to refund`);

    if (!sale) return refundOnline(tx as unknown as Db);

    const paid = sale.amountPaise;
    const amountPaise = refundAmountPaise ?? paid;
    if (amountPaise > paid) throw badRequest(`refundAmount is at most what was paid (${formatPaise(paid)})`);
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    await tx.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, bookingId));
    const outcome: CounterRefundOutcome = {
      bookingId,
      showId: booking.showId,
      method: sale.method,
      amountPaise: sale.method === 'comp' ? 0 : amountPaise,
      gatewayRefundIds: [],
    };
    if (sale.method !== 'comp' && sale.paymentId) {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, sale.paymentId)).for('update');
      // The refund row (and its credit note, CONTRACT §10) as for any refund, then settled at once:
      // the money went back across the counter.
      const refundId = await recordRefund(
        tx,
        {
          paymentId: payment!.id,
          gateway: payment!.gateway,
          paymentRef: payment!.gatewayRef,
          amountPaise,
          reason,
        },
        now,
      );
      if (!refundId) throw conflict(boxOfficeMessages.alreadyRefunded);
      await markRefundSucceeded(tx, { id: refundId, paymentId: payment!.id }, `counter-${refundId}`, now);
      await tx.insert(counterRefunds).values({
        refundId,
        bookingId,
        shiftId: shift.id,
        refunderId: refunder.id,
        method: sale.method,
        amountPaise,
        createdAt: now,
      });
    }
    await recordAudit(tx, {
      actorId: refunder.id,
      action: 'boxoffice.refund',
      entityType: 'booking',
      entityId: bookingId,
      details: { shiftId: shift.id, method: sale.method, amountPaise: outcome.amountPaise, reason },
    });
    return outcome;

    /** An online booking: the online cancel in this transaction, its refund owed through its gateway. */
    async function refundOnline(on: Db): Promise<CounterRefundOutcome> {
      const cancelled = await cancelBooking({
        db: on,
        bookingId,
        actor: { id: refunder.id, isStaff: true },
        now,
        reason,
        refundAmountPaise,
      });
      if (!cancelled.changed) throw conflict(boxOfficeMessages.alreadyRefunded);
      // What goes back follows the cancellation policy (or the amount staff chose), as online.
      const amountPaise = cancelled.refundPaise ?? 0;
      // One row per booking: the first of its refunds, with what they all give back.
      if (cancelled.refundId) {
        await tx.insert(counterRefunds).values({
          refundId: cancelled.refundId,
          bookingId,
          shiftId: shift!.id,
          refunderId: refunder.id,
          method: 'online',
          amountPaise,
          createdAt: now,
        });
      }
      await recordAudit(tx, {
        actorId: refunder.id,
        action: 'boxoffice.refund',
        entityType: 'booking',
        entityId: bookingId,
        details: { shiftId: shift!.id, method: 'online', amountPaise, reason },
      });
      return {
        bookingId,
        showId: booking!.showId,
        method: 'online',
        amountPaise,
        gatewayRefundIds: cancelled.refundIds,
      };
    }
  });
}
