import { paiseToRupees, type RefundStatus } from '@marquee/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, payments, refunds } from '../../db/schema.ts';

/** The latest refunds (of one status, or all) as staff see them: newest first, at most 200. */
export async function listRefunds({ db, status }: { db: Queryable; status?: RefundStatus }) {
  // A payment's refund names its booking through the payment; an exchange's difference has no
  // payment of its own and names the booking itself (schema.ts, refunds.purpose).
  const bookingOf = sql<string | null>`coalesce(${payments.bookingId}, ${refunds.bookingId})`;
  const rows = await db
    .select({ refund: refunds, bookingId: bookingOf, reference: bookings.reference })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(bookings, eq(bookings.id, bookingOf))
    .where(status ? inArray(refunds.status, [status]) : undefined)
    .orderBy(desc(refunds.createdAt))
    .limit(200);
  return rows.map(({ refund, bookingId, reference }) => ({
    _id: refund.id,
    booking: bookingId,
    reference,
    gateway: refund.gateway,
    paymentRef: refund.paymentRef,
    amount: paiseToRupees(refund.amountPaise),
    reason: refund.reason,
    status: refund.status,
    attempts: refund.attempts,
    lastError: refund.lastError,
    nextAttemptAt: refund.nextAttemptAt?.toISOString() ?? null,
    gatewayRef: refund.gatewayRef,
    createdAt: refund.createdAt.toISOString(),
    succeededAt: refund.succeededAt?.toISOString() ?? null,
  }));
}
