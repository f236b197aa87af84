import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, payments, refunds } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * What became of a payment, told truthfully from the database after its event: paid, or
 * refunded with the reason (a cancelled booking or show, seats gone, the show started).
 * The sandbox's Pay button and Razorpay's verify answer with it.
 */
export async function answerPayment(db: Queryable, paymentId: string, paidMessage = 'Payment successful') {
  const [row] = await db
    .select({ status: bookings.status, reason: refunds.reason, refundStatus: refunds.status })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  if (row?.status === 'paid' && !row.reason) {
    return { success: true, message: paidMessage, status: 'paid' as const };
  }
  const refund =
    row?.refundStatus === 'succeeded' ? 'Your payment has been refunded.' : 'Your payment is being refunded.';
  throw new AppError(
    'CONFLICT',
    row?.reason ? `${row.reason}. ${refund}` : 'This booking can no longer be paid.',
    { status: row?.reason ? 'refunded' : (row?.status ?? 'unknown') },
  );
}
