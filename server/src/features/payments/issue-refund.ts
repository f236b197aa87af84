import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, refunds } from '../../db/schema.ts';

/** Sends a recorded refund through the gateway (after the commit that recorded it). */
export async function issueRefund(
  app: FastifyInstance,
  refund: { refundId: string; paymentRef: string; amountPaise: number },
  reason: string,
): Promise<boolean> {
  const { db, gateway, clock } = app.deps;
  try {
    const issued = await gateway.refund({ ref: refund.paymentRef, amountPaise: refund.amountPaise, reason });
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: 'succeeded', gatewayRef: issued.ref, updatedAt: clock() })
        .where(eq(refunds.id, refund.refundId));
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: clock() })
        .where(eq(payments.gatewayRef, refund.paymentRef));
    });
    return true;
  } catch (error) {
    // The refund stays 'pending', visible to staff, and the error is in the log for them.
    app.log.error({ err: error, refundId: refund.refundId }, 'refund failed');
    return false;
  }
}
