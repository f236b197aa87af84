import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { pgErrorCode, type Db } from '../../db/client.ts';
import { bookings, bookingSeats, gatewayEvents, payments, refunds } from '../../db/schema.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { notifySeatChange } from '../seats/seat-map-cache.ts';
import type { DueRefund, GatewayEvent } from './gateway.ts';

export type EventOutcome =
  | { kind: 'duplicate' }
  | { kind: 'unknown-payment' }
  | { kind: 'paid'; bookingId: string; showId: string }
  | { kind: 'already-settled'; bookingId: string }
  | ({ kind: 'refund-due'; bookingId: string } & DueRefund)
  | { kind: 'expired'; bookingId: string };

/**
 * Applies one verified gateway event, exactly once. The event id is recorded in the same
 * transaction as its effect, so a duplicate delivery finds it and changes nothing, and events
 * arriving in any order leave the same end state (a late "expired" cannot undo a payment).
 *
 * A payment that lands after its hold ran out takes its seats back if every one is still free;
 * if any was taken meanwhile, the booking stays expired and a refund is due (issued by the
 * caller after commit, through the gateway).
 */
export async function handleGatewayEvent({
  db,
  event,
  now,
}: {
  db: Db;
  event: GatewayEvent;
  now: Date;
}): Promise<EventOutcome> {
  return db.transaction(async (tx): Promise<EventOutcome> => {
    const fresh = await tx
      .insert(gatewayEvents)
      .values({ gateway: event.gateway, eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!fresh.length) return { kind: 'duplicate' };

    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, event.gateway), eq(payments.gatewayRef, event.ref)))
      .for('update');
    if (!payment) return { kind: 'unknown-payment' };
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId))
      .for('update');
    if (!booking) return { kind: 'unknown-payment' };

    if (event.type === 'checkout.expired') {
      if (payment.status === 'open') {
        await tx
          .update(payments)
          .set({ status: 'expired', updatedAt: now })
          .where(eq(payments.id, payment.id));
      }
      return { kind: 'expired', bookingId: booking.id };
    }

    if (payment.status === 'succeeded' || payment.status === 'refunded') {
      return { kind: 'already-settled', bookingId: booking.id };
    }
    await tx
      .update(payments)
      .set({ status: 'succeeded', succeededAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id));

    if (booking.status === 'paid') return { kind: 'already-settled', bookingId: booking.id };

    let seatsHeld = booking.status === 'pending';
    // A booking the buyer cancelled stays cancelled: its late payment is refunded.
    if (booking.status === 'expired') {
      // Expired or cancelled meanwhile: take the seats back only if all are still free. The
      // savepoint lets a unique violation (a seat taken by someone else) leave the rest intact.
      try {
        await tx.transaction(async (savepoint) => {
          await savepoint
            .update(bookingSeats)
            .set({ isLive: true })
            .where(eq(bookingSeats.bookingId, booking.id));
        });
        seatsHeld = true;
      } catch (error) {
        if (pgErrorCode(error) !== '23505') throw error;
      }
    }
    if (!seatsHeld) {
      const refundId = randomUUID();
      await tx.insert(refunds).values({
        id: refundId,
        paymentId: payment.id,
        amountPaise: payment.amountPaise,
        reason: 'Payment arrived after the seats were released and some were taken',
        createdAt: now,
        updatedAt: now,
      });
      await enqueueEmail(tx, { kind: 'late-payment-refunded', bookingId: booking.id });
      return {
        kind: 'refund-due',
        bookingId: booking.id,
        refundId,
        gateway: event.gateway,
        paymentRef: payment.gatewayRef,
        amountPaise: payment.amountPaise,
      };
    }
    await tx
      .update(bookings)
      .set({ status: 'paid', paidAt: now, expiredAt: null, cancelledAt: null, updatedAt: now })
      .where(eq(bookings.id, booking.id));
    await notifySeatChange(tx, booking.showId);
    await enqueueEmail(tx, { kind: 'booking-paid', bookingId: booking.id });
    return { kind: 'paid', bookingId: booking.id, showId: booking.showId };
  });
}
