import { randomUUID } from 'node:crypto';
import { messages } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, bookingSeats, payments, refunds, shows } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../catalogue/queries.ts';
import { enqueueEmail } from '../email/outbox.ts';
import type { DueRefund, GatewayName, GatewayPayment } from '../payments/gateway.ts';
import { notifySeatChange } from '../seats/seat-map-cache.ts';

export interface CancelOutcome {
  bookingId: string;
  showId: string;
  changed: boolean;
  status: string;
  /** Set when a paid booking was cancelled: the refund to issue through the gateway after commit. */
  refund?: DueRefund;
  /** Checkouts of an unpaid booking, to close at the gateway after commit. */
  openCheckouts: GatewayPayment[];
}

/**
 * Cancels a booking: frees its seats and, when it was paid, records a refund. Conditional on
 * the booking still being pending or paid, so cancelling twice (or racing a sweep) changes
 * nothing the second time. Buyers cannot cancel once the show has started; staff can.
 */
export async function cancelBooking({
  db,
  bookingId,
  actor,
  now,
  reason = 'Cancelled by the buyer',
}: {
  db: Db;
  bookingId: string;
  actor: { id: string; isAdmin: boolean };
  now: Date;
  reason?: string;
}): Promise<CancelOutcome> {
  if (!isUuid(bookingId)) throw notFound('Booking not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, startsAt: shows.startsAt })
      .from(bookings)
      .innerJoin(shows, eq(shows.id, bookings.showId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!row) throw notFound('Booking not found');
    const { booking } = row;
    if (booking.userId !== actor.id && !actor.isAdmin)
      throw new AppError('FORBIDDEN', messages.notAuthorized);
    const unchanged = {
      bookingId,
      showId: booking.showId,
      changed: false,
      status: booking.status,
      openCheckouts: [],
    };
    if (booking.status === 'cancelled' || booking.status === 'expired') return unchanged;
    if (row.startsAt <= now && !actor.isAdmin)
      throw badRequest('This show has already started, so the booking can no longer be cancelled');

    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    await tx.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, bookingId));
    const open = await tx
      .update(payments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'open')))
      .returning({ gateway: payments.gateway, ref: payments.gatewayRef });
    await notifySeatChange(tx, booking.showId);

    const outcome: CancelOutcome = {
      bookingId,
      showId: booking.showId,
      changed: true,
      status: 'cancelled',
      openCheckouts: open.map((payment) => ({ gateway: payment.gateway as GatewayName, ref: payment.ref })),
    };
    if (booking.status === 'paid') {
      await enqueueEmail(tx, { kind: 'booking-cancelled', bookingId });
      const [paid] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
      if (paid) {
        const refundId = randomUUID();
        await tx.insert(refunds).values({
          id: refundId,
          paymentId: paid.id,
          amountPaise: paid.amountPaise,
          reason,
          createdAt: now,
          updatedAt: now,
        });
        outcome.refund = {
          refundId,
          gateway: paid.gateway as GatewayName,
          paymentRef: paid.gatewayRef,
          amountPaise: paid.amountPaise,
        };
      }
    }
    return outcome;
  });
}
