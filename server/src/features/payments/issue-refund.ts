import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, refunds } from '../../db/schema.ts';
import type { DueRefund, GatewayPayment } from './gateway.ts';

/** Sends a recorded refund through its payment's gateway (after the commit that recorded it). */
export async function issueRefund(app: FastifyInstance, refund: DueRefund, reason: string): Promise<boolean> {
  const { db, gateways, clock } = app.deps;
  try {
    const gateway = gateways.get(refund.gateway);
    if (!gateway) throw new Error(`The ${refund.gateway} gateway is not configured here`);
    const issued = await gateway.refund({ ref: refund.paymentRef, amountPaise: refund.amountPaise, reason });
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: 'succeeded', gatewayRef: issued.ref, updatedAt: clock() })
        .where(eq(refunds.id, refund.refundId));
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: clock() })
        .where(and(eq(payments.gateway, refund.gateway), eq(payments.gatewayRef, refund.paymentRef)));
    });
    return true;
  } catch (error) {
    // The refund stays 'pending', visible to staff, and the error is in the log for them.
    app.log.error({ err: error, refundId: refund.refundId }, 'refund failed');
    return false;
  }
}

/** Closes checkouts that can no longer be paid (after the commit that let their booking go). */
export async function closeCheckouts(app: FastifyInstance, open: GatewayPayment[]): Promise<void> {
  await Promise.all(
    open.map(async ({ gateway, ref }) => {
      try {
        await app.deps.gateways.get(gateway)?.expireCheckout(ref);
      } catch (error) {
        // A payment that still lands is settled as a late payment by the event handler.
        app.log.warn({ err: error, gateway, ref }, 'closing a checkout failed');
      }
    }),
  );
}
