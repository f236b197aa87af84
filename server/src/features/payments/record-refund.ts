import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema.ts';
import { issueCreditNote } from '../invoices/index.ts';

type PaymentRow = typeof payments.$inferSelect;

export interface OwedRefund {
  /** The payment row, or null for a captured payment that matched no booking. */
  paymentId: string | null;
  gateway: string;
  paymentRef: string;
  amountPaise: number;
  reason: string;
}

/**
 * Records a refund owed, in the caller's transaction (the outbox row): the worker carries it out
 * after commit. A payment is refunded at most once, so a second record of the same payment is
 * ignored. Returns the id of the refund recorded, or null when one already existed.
 *
 * A refund of nothing (a cancel past the policy's paying tiers, or staff choosing 0) is recorded
 * settled at once — the payment's outcome is decided, nothing goes to the gateway, no credit note —
 * and null is returned: there is nothing for the worker to do.
 */
export async function recordRefund(tx: Queryable, owed: OwedRefund, now: Date): Promise<string | null> {
  const id = randomUUID();
  if (owed.amountPaise <= 0) {
    const [settled] = await tx
      .insert(refunds)
      .values({ id, ...owed, amountPaise: 0, idempotencyKey: `refund-${id}`, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (settled) await markRefundSucceeded(tx, { id, paymentId: owed.paymentId }, 'nothing-refunded', now);
    return null;
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      ...owed,
      idempotencyKey: `refund-${id}`,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  // A refund of an invoiced payment gets its credit note in this same transaction (CONTRACT §10).
  if (row && owed.paymentId) {
    await issueCreditNote(tx, {
      refundId: row.id,
      paymentId: owed.paymentId,
      amountPaise: owed.amountPaise,
      now,
    });
  }
  return row?.id ?? null;
}

/**
 * A refund the gateway confirmed: it succeeded under the gateway's refund id, and its payment (when
 * it has one) is refunded. In the caller's transaction, which holds the payment's and the refund's
 * rows (decision 0009's order): the refund worker's answer and a gateway's refund.processed.
 */
export async function markRefundSucceeded(
  tx: Queryable,
  refund: { id: string; paymentId: string | null },
  gatewayRef: string,
  now: Date,
): Promise<void> {
  if (refund.paymentId) {
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(eq(payments.id, refund.paymentId));
  }
  await tx
    .update(refunds)
    .set({
      status: 'succeeded',
      gatewayRef,
      succeededAt: now,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(refunds.id, refund.id));
}

/**
 * What is left to refund of each captured payment of a booking: its amount less the differences
 * already given back from it at cheaper exchanges (CONTRACT §13). The latest payment first (a
 * dearer exchange's difference before the first payment), the order refunds take from them.
 */
async function refundablePayments(
  tx: Queryable,
  captured: PaymentRow[],
): Promise<{ payment: PaymentRow; refundablePaise: number }[]> {
  const answer = [];
  for (const payment of [...captured].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const [given] = await tx
      .select({ paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(
        and(
          eq(refunds.gateway, payment.gateway),
          eq(refunds.paymentRef, payment.gatewayRef),
          like(refunds.purpose, 'exchange:%'),
        ),
      );
    answer.push({ payment, refundablePaise: payment.amountPaise - (given?.paise ?? 0) });
  }
  return answer;
}

/**
 * What a cancel can give back of a booking's captured payments: all they brought in less the
 * differences of cheaper exchanges already refunded from them (CONTRACT §13). The cancel, the
 * cinema's cancel of a show and the quote before a cancel all take it from here.
 */
export async function refundablePaise(tx: Queryable, captured: PaymentRow[]): Promise<number> {
  return (await refundablePayments(tx, captured)).reduce((sum, part) => sum + part.refundablePaise, 0);
}

/**
 * Records the refund of a booking's captured payments (a cancel): `amountPaise` taken from them in
 * the order refundablePayments gives, each payment's part its own refund (and credit note). A
 * booking never exchanged has one payment, which gets the whole amount. Answers the refunds to
 * carry out.
 */
export async function recordBookingRefund(
  tx: Queryable,
  { captured, amountPaise, reason }: { captured: PaymentRow[]; amountPaise: number; reason: string },
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  let left = amountPaise;
  for (const { payment, refundablePaise } of await refundablePayments(tx, captured)) {
    const part = Math.min(left, refundablePaise);
    left -= part;
    const id = await recordRefund(
      tx,
      {
        paymentId: payment.id,
        gateway: payment.gateway,
        paymentRef: payment.gatewayRef,
        amountPaise: part,
        reason,
      },
      now,
    );
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * Records the difference given back at a cheaper exchange (CONTRACT §13): refunds of the booking's
 * payments that leave the booking paid, so they name the booking rather than the payment (nothing
 * reads them as the booking's refund) and carry no credit note (the note cancelling the old invoice
 * and the new invoice say it). `version`: the ticket version the exchange made, one refund of each
 * payment per exchange.
 */
export async function recordExchangeRefund(
  tx: Queryable,
  {
    bookingId,
    captured,
    amountPaise,
    version,
  }: { bookingId: string; captured: PaymentRow[]; amountPaise: number; version: number },
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  let left = amountPaise;
  for (const { payment, refundablePaise } of await refundablePayments(tx, captured)) {
    const part = Math.min(left, refundablePaise);
    if (part <= 0) continue;
    left -= part;
    const id = randomUUID();
    await tx.insert(refunds).values({
      id,
      paymentId: null,
      bookingId,
      purpose: `exchange:${version}`,
      gateway: payment.gateway,
      paymentRef: payment.gatewayRef,
      amountPaise: part,
      reason: 'The difference of a booking exchanged for cheaper seats',
      idempotencyKey: `refund-${id}`,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    ids.push(id);
  }
  if (left > 0)
    throw new Error(`booking ${bookingId}: ${left} paise of an exchange's difference found no payment`);
  return ids;
}
