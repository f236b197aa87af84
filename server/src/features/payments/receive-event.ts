import type { FastifyInstance } from 'fastify';
import type { GatewayEvent } from './gateway.ts';
import { handleGatewayEvent, type EventOutcome } from './handle-event.ts';
import { carryOutRefunds } from './refund-worker.ts';

/**
 * Applies a verified event, then does what must wait for the commit: refresh this process's
 * seat map (other processes hear the database's NOTIFY) and carry out a refund it recorded.
 * A refund that fails here stays in the outbox for the worker.
 */
export async function receiveEvent(app: FastifyInstance, event: GatewayEvent): Promise<EventOutcome> {
  const { db, clock, seatMaps, gateways } = app.deps;
  const outcome = await handleGatewayEvent({ db, event, now: clock() });
  if (outcome.kind === 'paid') seatMaps.invalidate(outcome.showId);
  if ('refundId' in outcome && outcome.refundId) {
    await carryOutRefunds({ db, gateways, clock, log: app.log }, [outcome.refundId]);
  }
  return outcome;
}
