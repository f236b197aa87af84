import { messages, paiseToRupees } from '@marquee/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, bookingSeats, payments, shows } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  type GatewayName,
  type GatewayPayment,
  recordBookingRefund,
  refundablePaise,
  settleAfterCommit,
  type RefundResult,
  type UseCaseDeps,
} from '../payments/index.ts';
import { policyMessages, policyQuote } from './cancellation.ts';

export const cancelMessages = {
  admitted: 'This booking has been admitted at the door, so it can no longer be cancelled',
  reasonForAdmitted: 'Please give a reason for cancelling a booking that has been admitted at the door',
  atCounter: 'This booking was sold at the box office: refund it there',
} as const;

export interface CancelOutcome {
  bookingId: string;
  showId: string;
  changed: boolean;
  status: string;
  /** Set when a paid booking was cancelled: its refund, recorded, for the worker to carry out. */
  refundId?: string;
  /** Every refund recorded (an exchanged booking may have had a payment per difference paid). */
  refundIds: string[];
  /** What those refunds give back, in paise: the policy's amount or the one staff chose. */
  refundPaise?: number;
  /** Checkouts of an unpaid booking, to close at the gateway after commit. */
  openCheckouts: GatewayPayment[];
}

/**
 * Cancels a booking: frees its seats and, when it was paid, records a refund (the outbox row),
 * with its audit row, in one transaction. Conditional on the booking still being pending or
 * paid, so cancelling twice (or racing a sweep or a payment) changes nothing the second time.
 * Buyers cannot cancel once the booking has been admitted at the door (check-in opens before the
 * start, so a guest could otherwise walk in and be refunded), a paid booking past the last tier of
 * the cancellation policy (CONTRACT §13: what comes back follows the tier); an unpaid one they can
 * always cancel (§13), its seats freed at once. Staff and admins can at any time, an admitted
 * booking only with a reason, which the audit keeps — but not their own — and may choose the
 * amount refunded (0 up to what was paid; left out, the policy's amount).
 *
 * Locks follow decision 0009: the show KEY SHARE, the booking, then its payments.
 */
export interface CancelRequest {
  bookingId: string;
  /** `isStaff`: door staff or an admin, who may cancel anyone's booking. */
  actor: { id: string; isStaff: boolean };
  /** Why, in the refund and the audit; staff must give one for an admitted booking. */
  reason?: string;
  /** Staff only: the refund they chose, in paise (a buyer's is refused). */
  refundAmountPaise?: number;
}

export async function cancelBooking({
  db,
  bookingId,
  actor,
  now,
  reason: givenReason,
  refundAmountPaise,
}: CancelRequest & { db: Db; now: Date }): Promise<CancelOutcome> {
  if (!isUuid(bookingId)) throw notFound('Booking not found');
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ showId: bookings.showId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!found) throw notFound('Booking not found');
    // Only food and drink sold on its own at the counter has no show: refunded at the counter.
    if (!found.showId) throw conflict(cancelMessages.atCounter);
    const [show] = await tx.select().from(shows).where(eq(shows.id, found.showId)).for('key share');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!show || !booking) throw notFound('Booking not found');
    if (booking.userId !== actor.id && !actor.isStaff)
      throw new AppError('FORBIDDEN', messages.notAuthorized);
    const unchanged = {
      bookingId,
      showId: show.id,
      changed: false,
      status: booking.status,
      openCheckouts: [],
      refundIds: [],
    };
    if (booking.status === 'cancelled' || booking.status === 'expired') return unchanged;
    // Money taken at the counter goes back across it, into a shift (features/boxoffice).
    if (booking.channel === 'counter' && booking.status === 'paid') throw conflict(cancelMessages.atCounter);
    // Staff cancelling their own booking are its buyer: no one overrides the rules for themselves.
    const asBuyer = booking.userId === actor.id || !actor.isStaff;
    const reason =
      givenReason ?? (booking.userId === actor.id ? 'Cancelled by the buyer' : 'Cancelled by staff');
    if (refundAmountPaise !== undefined && asBuyer) throw badRequest(policyMessages.buyerAmount);
    if (booking.checkedInAt && asBuyer) throw conflict(cancelMessages.admitted);
    if (booking.checkedInAt && !givenReason) throw badRequest(cancelMessages.reasonForAdmitted);

    const held = await tx.select().from(payments).where(eq(payments.bookingId, bookingId)).for('update');
    const captured = held.filter((payment) => payment.status === 'succeeded');
    const paid = captured[0];
    // What was paid and is not back yet: the differences of cheaper exchanges were refunded (§13).
    const paidPaise = await refundablePaise(tx, captured);
    if (refundAmountPaise !== undefined && refundAmountPaise > paidPaise)
      throw badRequest(policyMessages.amountRange(paiseToRupees(paidPaise)));
    // What the policy gives back now; a buyer past its last tier cannot cancel a paid booking.
    const quote = paid
      ? await policyQuote(tx, { booking, startsAt: show.startsAt, paidPaise, now })
      : undefined;
    if (quote && !quote.allowed && asBuyer) throw conflict(policyMessages.tooLate);
    const refundPaise = refundAmountPaise ?? quote?.refundPaise ?? 0;
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    await tx.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, bookingId));
    const open = held.filter((payment) => payment.status === 'open');
    if (open.length) {
      await tx
        .update(payments)
        .set({ status: 'expired', updatedAt: now })
        .where(
          inArray(
            payments.id,
            open.map((payment) => payment.id),
          ),
        );
    }
    const outcome: CancelOutcome = {
      bookingId,
      showId: show.id,
      changed: true,
      status: 'cancelled',
      openCheckouts: open.map((payment) => ({
        gateway: payment.gateway as GatewayName,
        ref: payment.gatewayRef,
      })),
      refundIds: [],
    };
    if (booking.status === 'paid') await enqueueEmail(tx, { kind: 'booking-cancelled', bookingId });
    if (paid) {
      outcome.refundPaise = refundPaise;
      outcome.refundIds = await recordBookingRefund(tx, { captured, amountPaise: refundPaise, reason }, now);
      outcome.refundId = outcome.refundIds[0];
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: bookingId,
      details: {
        refunded: refundPaise > 0,
        reason,
        // Rupees, as staff typed them: what went back, and what the policy would have given.
        ...(paid && {
          refundAmount: paiseToRupees(refundPaise),
          policyAmount: paiseToRupees(quote?.refundPaise ?? 0),
          override: refundAmountPaise !== undefined,
        }),
      },
    });
    return outcome;
  });
}

/**
 * The whole use case of cancelling a booking, as a buyer, staff or the app's own rules ask for it:
 * the transaction above, then what its commit leaves to do — the show's seat map told, checkouts
 * that could still be paid closed, the refund carried out at once (its result is in `refunds`).
 */
export async function cancelAndRefund(
  deps: UseCaseDeps,
  request: CancelRequest,
): Promise<CancelOutcome & { refunds: RefundResult[] }> {
  const outcome = await cancelBooking({ ...request, db: deps.db, now: deps.clock() });
  deps.seatMaps.invalidate(outcome.showId);
  const refunds = await settleAfterCommit(deps, outcome);
  return { ...outcome, refunds };
}
