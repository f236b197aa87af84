import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/periodic.ts';
import { refunds } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { counterGateway, RefundRefusedError, type GatewayName, type PaymentGateway } from './gateway.ts';
import { markRefundSucceeded } from './record-refund.ts';

export interface RefundDeps {
  db: Db;
  gateways: ReadonlyMap<GatewayName, PaymentGateway>;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** How long a claimed refund is left to the process that claimed it before another may try. */
export const REFUND_LEASE_MS = 5 * 60_000;

/** Wait before the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type RefundRow = typeof refunds.$inferSelect;
export type RefundResult = { id: string; status: 'succeeded' | 'pending' | 'failed' };

/**
 * Claims due refunds (or the given ones, due or not) for this process: `FOR UPDATE SKIP LOCKED`
 * so several processes never take the same row, and the claim moves `next_attempt_at` a lease
 * ahead, so a crash mid-call leaves the refund to be tried again after the lease. A refund owed
 * on money taken at the box office is never claimed here: it stays pending until a cashier pays
 * it back across the counter, in a shift (boxoffice/refund-at-counter.ts).
 */
async function claimRefunds(db: Db, now: Date, ids?: string[], limit = 20): Promise<RefundRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'pending'),
          ne(refunds.gateway, counterGateway.name),
          ids ? inArray(refunds.id, ids) : lte(refunds.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(refunds.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(refunds)
      .set({
        attempts: sql`${refunds.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS),
        updatedAt: now,
      })
      .where(
        inArray(
          refunds.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * One attempt at a claimed refund. Confirmed: the refund and its payment are marked in one
 * transaction (payment row first: the lock order of decision 0009). Refused for good by the
 * gateway: `failed`, with the gateway's reason, until staff retry it. Any other error: still
 * pending, tried again after a backoff under a new idempotency key (the gateway replays a key's
 * first answer, an error included; the gateway's refund looks for an earlier success first).
 */
async function attemptRefund(
  { db, gateways, clock, log }: RefundDeps,
  refund: RefundRow,
): Promise<RefundResult> {
  try {
    const gateway = gateways.get(refund.gateway as GatewayName);
    if (!gateway) throw new Error(`The ${refund.gateway} gateway is not configured here`);
    const issued = await gateway.refund({
      ref: refund.paymentRef,
      amountPaise: refund.amountPaise,
      reason: refund.reason,
      refundId: refund.id,
      idempotencyKey: refund.idempotencyKey,
      gatewayRef: refund.gatewayRef,
    });
    const now = clock();
    if (issued.status === 'pending') {
      // Accepted but not yet confirmed (Razorpay): asked about again after a backoff, unless its
      // webhook settles it first (settle-refund.ts).
      await db
        .update(refunds)
        .set({
          gatewayRef: issued.ref,
          nextAttemptAt: new Date(now.getTime() + refundBackoffMs(refund.attempts)),
          lastError: null,
          updatedAt: now,
        })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      return { id: refund.id, status: 'pending' };
    }
    await db.transaction(async (tx) => {
      await markRefundSucceeded(tx, refund, issued.ref, now);
    });
    return { id: refund.id, status: 'succeeded' };
  } catch (error) {
    const now = clock();
    const refused = error instanceof RefundRefusedError;
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: error, refundId: refund.id, attempt: refund.attempts }, 'refund attempt failed');
    await db
      .update(refunds)
      .set({
        status: refused ? 'failed' : 'pending',
        lastError: message.slice(0, 500),
        nextAttemptAt: refused ? null : new Date(now.getTime() + refundBackoffMs(refund.attempts)),
        idempotencyKey: `refund-${refund.id}-${refund.attempts}`,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    return { id: refund.id, status: refused ? 'failed' : 'pending' };
  }
}

/**
 * Carries out refunds: the given ones at once (right after the commit that recorded them, so
 * the buyer's answer can say "refunded"), or every due one (the worker's tick). Safe on any
 * number of processes at once.
 */
export async function carryOutRefunds(deps: RefundDeps, ids?: string[]): Promise<RefundResult[]> {
  if (ids && !ids.length) return [];
  const claimed = await claimRefunds(deps.db, deps.clock(), ids);
  return Promise.all(claimed.map((refund) => attemptRefund(deps, refund)));
}

/**
 * Staff's "retry": makes a refund due now (a failed one pending again), records who asked, in
 * the same transaction, and tries it at once. Null when there is no such refund; a refund that
 * already succeeded is left alone.
 */
export async function retryRefund(
  deps: RefundDeps,
  { refundId, actorId }: { refundId: string; actorId: string | null },
): Promise<RefundResult | null> {
  const now = deps.clock();
  const before = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, refundId))
      .for('update');
    if (!row || row.status === 'succeeded') return row?.status ?? null;
    await tx
      .update(refunds)
      // A new attempt: the gateway's refund that failed is not asked about again.
      .set({ status: 'pending', nextAttemptAt: now, gatewayRef: null, updatedAt: now })
      .where(eq(refunds.id, refundId));
    await recordAudit(tx, {
      actorId,
      action: 'refund.retry',
      entityType: 'refund',
      entityId: refundId,
      details: { status: row.status },
    });
    return row.status;
  });
  if (before === null) return null;
  if (before === 'succeeded') return { id: refundId, status: 'succeeded' };
  const [result] = await carryOutRefunds(deps, [refundId]);
  // Claimed by another process at this moment: it is being tried.
  return result ?? { id: refundId, status: 'pending' };
}

/** Drains due refunds every `intervalMs`, in every process. */
export function startRefundWorker(deps: RefundDeps, intervalMs: number): () => Promise<void> {
  return runEvery(
    intervalMs,
    async () => {
      const results = await carryOutRefunds(deps);
      if (results.length) deps.log.info({ count: results.length }, 'refunds attempted');
    },
    (error) => deps.log.error({ err: error }, 'refund worker tick failed'),
  );
}
