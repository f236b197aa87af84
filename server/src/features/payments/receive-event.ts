import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/record.ts';
import type { GatewayEvent } from './gateway.ts';
import { handleGatewayEvent, type EventOutcome } from './handle-event.ts';
import { issueRefund } from './issue-refund.ts';

/**
 * Applies a verified event, then does what must wait for the commit: refresh the seat map and,
 * when a late payment could not get its seats back, refund it through the gateway.
 */
export async function receiveEvent(app: FastifyInstance, event: GatewayEvent): Promise<EventOutcome> {
  const { db, clock, seatMaps } = app.deps;
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
    await issueRefund(app, outcome, 'seats no longer available');
  }
  return outcome;
}
