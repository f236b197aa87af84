import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema.ts';
import { issueCreditNote } from '../invoices/index.ts';

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
