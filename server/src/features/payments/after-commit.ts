import { closeCheckouts } from './checkouts.ts';
import type { GatewayPayment } from './gateway.ts';
import { carryOutRefunds, type RefundDeps, type RefundResult } from './refund-worker.ts';

/**
 * What a use case that changes seats or money needs besides its transaction: the refund worker's
 * dependencies, and the seat maps to tell that a show's seats changed.
 */
export interface UseCaseDeps extends RefundDeps {
  seatMaps: { invalidate(showId: string): void };
}

/**
 * The money side of what a commit left to do: close the checkouts that can no longer be paid (a
 * payment that still lands becomes a late payment, refunded) and carry out the refunds it recorded,
 * at once, so the answer can say whether the money went back. Refunds owed across the counter are
 * left to a cashier (the worker never claims them), so fewer results than ids may come back.
 */
export async function settleAfterCommit(
  deps: RefundDeps,
  { openCheckouts = [], refundIds = [] }: { openCheckouts?: GatewayPayment[]; refundIds?: string[] },
): Promise<RefundResult[]> {
  await closeCheckouts(deps, openCheckouts);
  return carryOutRefunds(deps, refundIds);
}
