import type { SeatMapCache } from '../seats/index.ts';
import { handleGatewayEvent, type EventOutcome } from './handle-event.ts';
import { carryOutRefunds, type GatewayEvent, type RefundDeps } from '../payments/index.ts';

export interface ReceiveEventDeps extends RefundDeps {
  seatMaps: Pick<SeatMapCache, 'invalidate'>;
}

/**
 * Applies a verified event, then does what must wait for the commit: refresh this process's
 * seat map (other processes hear the database's NOTIFY) and carry out a refund it recorded.
 * A refund that fails here stays in the outbox for the worker.
 */
export async function receiveEvent(deps: ReceiveEventDeps, event: GatewayEvent): Promise<EventOutcome> {
  const outcome = await handleGatewayEvent({ db: deps.db, event, now: deps.clock() });
  if (outcome.kind === 'paid') deps.seatMaps.invalidate(outcome.showId);
  if (outcome.kind === 'exchanged') {
    deps.seatMaps.invalidate(outcome.showId);
    deps.seatMaps.invalidate(outcome.fromShowId);
  }
  if ('refundId' in outcome && outcome.refundId) await carryOutRefunds(deps, [outcome.refundId]);
  return outcome;
}
