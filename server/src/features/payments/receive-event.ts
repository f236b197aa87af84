import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, refunds } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import type { GatewayEvent } from './gateway.ts';
import { handleGatewayEvent, type EventOutcome } from './handle-event.ts';

/**
 * Applies a verified event, then does what must wait for the commit: refresh the seat map and,
 * when a late payment could not get its seats back, refund it through the gateway.
 */
export async function receiveEvent(app: FastifyInstance, event: GatewayEvent): Promise<EventOutcome> {
  const { db, clock, seatMaps, gateway } = app.deps;
  const outcome = await handleGatewayEvent({ db, event, now: clock() });
  await recordAudit(db, {
    actorId: null,
    action: `payment.${event.type}`,
    entityType: 'payment',
    entityId: event.ref,
    details: { outcome: outcome.kind, eventId: event.id },
  });
  if (outcome.kind === 'paid') seatMaps.invalidate(outcome.showId);
  if (outcome.kind === 'refund-due') {
    try {
      const refund = await gateway.refund({
        ref: outcome.paymentRef,
        amountPaise: outcome.amountPaise,
        reason: 'seats no longer available',
      });
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ status: 'succeeded', gatewayRef: refund.ref, updatedAt: clock() })
          .where(eq(refunds.id, outcome.refundId));
        await tx
          .update(payments)
          .set({ status: 'refunded', updatedAt: clock() })
          .where(eq(payments.gatewayRef, outcome.paymentRef));
      });
    } catch (error) {
      // The refund row stays 'pending' and is visible to staff; the error is theirs to see in the log.
      app.log.error({ err: error, refundId: outcome.refundId }, 'automatic refund failed');
    }
  }
  return outcome;
}
