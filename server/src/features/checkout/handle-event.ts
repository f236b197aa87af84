import { compareSeats, seatIds } from '@marquee/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pgErrorCode, type Db, type Tx } from '../../db/client.ts';
import { bookings, bookingSeats, gatewayEvents, payments, shows } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { completeExchange, exchangeRefusal } from '../bookings/index.ts';
import { issueInvoice } from '../invoices/index.ts';
import { recordRefund, type GatewayEvent } from '../payments/index.ts';

export type EventOutcome =
  | { kind: 'duplicate' }
  | { kind: 'ignored' }
  | { kind: 'unmatched-refund-due'; refundId: string | null }
  | { kind: 'paid'; bookingId: string; showId: string }
  /** A dearer exchange's difference paid: the booking moved from `fromShowId` (CONTRACT §13). */
  | { kind: 'exchanged'; bookingId: string; showId: string; fromShowId: string }
  | { kind: 'already-settled'; bookingId: string }
  | { kind: 'refund-due'; bookingId: string; refundId: string | null; reason: string }
  | { kind: 'expired'; bookingId: string };

/** Why a payment cannot be honoured, in words for the buyer; null when it can. */
export const lateReasons = {
  cancelledBooking: 'The booking was cancelled before the payment arrived',
  cancelledShow: 'The show was cancelled',
  started: 'The show had already started when the payment arrived',
  offMap: 'Some of the seats are no longer on the show’s seat map',
  taken: 'Some of the seats were taken after the payment window closed',
  alreadyPaid: 'The booking was already paid',
  itemsSoldOut: 'Some of the food and drink sold out after the payment window closed',
} as const;

/** A second payment of one Razorpay order, after another settled its booking: given back. */
export const SECOND_PAYMENT_REASON = 'The booking was already paid by another payment';

/** A payment whose amount is not the booking's price: never taken as its payment, given back. */
export const WRONG_AMOUNT_REASON = 'The amount paid was not the booking’s price';

/**
 * Applies one verified gateway event, exactly once. The event id is recorded in the same
 * transaction as its effect (and its audit row), so a duplicate delivery finds it and changes
 * nothing, and events arriving in any order leave the same end state.
 *
 * Locks follow decision 0009: show (KEY SHARE, so staff edits and cancels wait), booking, then
 * payment. A payment is honoured only while the show is active and not started, every seat is
 * still on its map, and every seat is the booking's (still held, or free again and re-claimed);
 * otherwise a refund is recorded here and carried out by the refund worker after commit.
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
    const outcome = await applyEvent(tx, event, now);
    await recordAudit(tx, {
      actorId: null,
      action: `payment.${event.type}`,
      entityType: 'payment',
      entityId: event.ref,
      details: {
        outcome: outcome.kind,
        eventId: event.id,
        gateway: event.gateway,
        ...('reason' in outcome ? { reason: outcome.reason } : {}),
      },
    });
    return outcome;
  });
}

async function applyEvent(tx: Tx, event: GatewayEvent, now: Date): Promise<EventOutcome> {
  // Found without a lock: the rows it names never change; the locks come below, in order.
  const [found] = await tx
    .select({ bookingId: payments.bookingId, showId: bookings.showId, exchangeOf: bookings.exchangeOf })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.gateway, event.gateway), eq(payments.gatewayRef, event.ref)));
  if (!found) {
    if (event.type !== 'payment.succeeded') return { kind: 'ignored' };
    // Money taken for nothing we know: give it back, the same way as any refund.
    const refundId = await recordRefund(
      tx,
      {
        paymentId: null,
        gateway: event.gateway,
        paymentRef: event.ref,
        amountPaise: event.amountPaise ?? 0,
        reason: 'The payment matched no booking',
      },
      now,
    );
    return { kind: 'unmatched-refund-due', refundId };
  }

  // A dearer exchange's difference (CONTRACT §13): the booking it is for is locked too, its show
  // with the hold's (in id order), the booking before the hold (decision 0009's order).
  const [exchanged] = found.exchangeOf
    ? await tx.select({ showId: bookings.showId }).from(bookings).where(eq(bookings.id, found.exchangeOf))
    : [];
  const lockedShows = await tx
    .select()
    .from(shows)
    // A gateway's payment is always for a booking with a show (only counter sales of food alone have none).
    .where(inArray(shows.id, [...new Set([found.showId!, ...(exchanged ? [exchanged.showId!] : [])])]))
    .orderBy(asc(shows.id))
    .for('key share');
  const show = lockedShows.find((row) => row.id === found.showId);
  const [original] = found.exchangeOf
    ? await tx.select().from(bookings).where(eq(bookings.id, found.exchangeOf)).for('update')
    : [];
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.bookingId)).for('update');
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, event.gateway), eq(payments.gatewayRef, event.ref)))
    .for('update');
  if (!show || !booking || !payment) throw new Error(`payment ${event.ref} lost its booking or show`);

  if (event.type === 'checkout.expired') {
    if (payment.status === 'open') {
      await tx.update(payments).set({ status: 'expired', updatedAt: now }).where(eq(payments.id, payment.id));
    }
    return { kind: 'expired', bookingId: booking.id };
  }
  if (payment.status === 'succeeded' || payment.status === 'refunded') {
    // The same payment told again (the page's verify, then the webhook) changes nothing; another
    // payment of the same order is money the booking does not need, and goes back (CONTRACT §4).
    if (event.settledBy && payment.settledBy && event.settledBy !== payment.settledBy) {
      const refundId = await recordRefund(
        tx,
        {
          paymentId: null,
          gateway: event.gateway,
          paymentRef: event.settledBy,
          amountPaise: event.amountPaise ?? payment.amountPaise,
          reason: SECOND_PAYMENT_REASON,
        },
        now,
      );
      return { kind: 'refund-due', bookingId: booking.id, refundId, reason: SECOND_PAYMENT_REASON };
    }
    return { kind: 'already-settled', bookingId: booking.id };
  }
  if (event.amountPaise !== undefined && event.amountPaise !== payment.amountPaise) {
    // The gateway fixed the amount when the checkout was opened, so this is a gateway's mistake or
    // a forged order: the money goes back whole, addressed by what was paid, and the payment stays
    // open, so the hold can still be paid properly until it lapses.
    const refundId = await recordRefund(
      tx,
      {
        paymentId: null,
        gateway: event.gateway,
        paymentRef: event.settledBy ?? event.ref,
        amountPaise: event.amountPaise,
        reason: WRONG_AMOUNT_REASON,
      },
      now,
    );
    return { kind: 'refund-due', bookingId: booking.id, refundId, reason: WRONG_AMOUNT_REASON };
  }
  await tx
    .update(payments)
    .set({ status: 'succeeded', succeededAt: now, settledBy: event.settledBy ?? null, updatedAt: now })
    .where(eq(payments.id, payment.id));

  const claimRefusal = await claimSeatsFor(tx, { booking, show, now });
  const reason =
    claimRefusal ??
    (found.exchangeOf
      ? exchangeRefusal(
          original,
          lockedShows.find((row) => row.id === original?.showId),
        )
      : null);
  if (reason) {
    if (booking.status === 'pending') {
      // Honoured nowhere: the hold ends here, as if it had lapsed.
      await tx
        .update(bookings)
        .set({ status: 'expired', expiredAt: now, updatedAt: now })
        .where(eq(bookings.id, booking.id));
    }
    // A lapsed exchange hold whose seats claimSeatsFor took back before the exchange was refused
    // gives them up again (found by the simulator); a pending one's end here.
    if (booking.status === 'pending' || booking.status === 'expired') {
      await tx.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, booking.id));
    }
    const refundId = await recordRefund(
      tx,
      {
        paymentId: payment.id,
        gateway: payment.gateway,
        paymentRef: payment.gatewayRef,
        amountPaise: payment.amountPaise,
        reason,
      },
      now,
    );
    await enqueueEmail(tx, { kind: 'late-payment-refunded', bookingId: booking.id });
    return { kind: 'refund-due', bookingId: booking.id, refundId, reason };
  }
  if (original) {
    await completeExchange(tx, { original, hold: booking, payment, now });
    return {
      kind: 'exchanged',
      bookingId: original.id,
      showId: booking.showId!,
      fromShowId: original.showId!,
    };
  }
  await tx
    .update(bookings)
    .set({ status: 'paid', paidAt: now, expiredAt: null, updatedAt: now })
    .where(eq(bookings.id, booking.id));
  // The tax invoice, numbered in this transaction: a rollback gives its serial back (CONTRACT §10).
  await issueInvoice(tx, { bookingId: booking.id, paymentId: payment.id, now });
  await enqueueEmail(tx, { kind: 'booking-paid', bookingId: booking.id });
  return { kind: 'paid', bookingId: booking.id, showId: booking.showId! };
}

/**
 * Whether the booking's seats can be sold to it now, re-claiming them when its hold had lapsed.
 * Returns the reason it cannot, or null. The show is locked KEY SHARE by the caller, so its
 * status, start and size cannot change under this decision.
 */
async function claimSeatsFor(
  tx: Tx,
  {
    booking,
    show,
    now,
  }: {
    booking: typeof bookings.$inferSelect;
    show: typeof shows.$inferSelect;
    now: Date;
  },
): Promise<string | null> {
  if (booking.status === 'paid') return lateReasons.alreadyPaid;
  if (show.status !== 'active') return lateReasons.cancelledShow;
  if (booking.status === 'cancelled') return lateReasons.cancelledBooking;
  if (show.startsAt <= now) return lateReasons.started;
  const onMap = new Set(seatIds(show.layout));
  if (booking.seats.some((seat) => !onMap.has(seat))) return lateReasons.offMap;
  // A pending booking's claims stay live until a release marks it expired, lapsed or not, so no
  // one else can hold its seats: a payment that arrives after the window still finds them.
  if (booking.status === 'pending') return null;
  // Lapsed: take each seat back if still free. Seat by seat in the order every claimer uses
  // (compareSeats, as the hold inserts them), so two claimers never wait on each other in a
  // circle; the savepoint lets a unique violation (a seat taken meanwhile) undo only this part.
  try {
    await tx.transaction(async (savepoint) => {
      // Its food and drink first, products in id order (decision 0022: products before seats).
      await savepoint.execute(
        sql`select marquee_claim_items(${booking.id}::uuid, null, ${now.toISOString()}::timestamptz)`,
      );
      for (const seat of [...booking.seats].sort(compareSeats)) {
        await savepoint
          .update(bookingSeats)
          .set({ isLive: true })
          .where(and(eq(bookingSeats.bookingId, booking.id), eq(bookingSeats.seat, seat)));
      }
    });
    return null;
  } catch (error) {
    if (pgErrorCode(error) === 'MQ409') return lateReasons.itemsSoldOut;
    if (pgErrorCode(error) !== '23505') throw error;
    return lateReasons.taken;
  }
}
