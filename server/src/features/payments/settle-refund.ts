import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gatewayEvents, payments, refunds } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import type { GatewayName } from './gateway.ts';
import { markRefundSucceeded } from './record-refund.ts';

export interface RefundReport {
  gateway: GatewayName;
  /** The gateway's event id: a repeat changes nothing. */
  eventId: string;
  type: 'refund.processed' | 'refund.failed';
  /** The gateway's refund id. */
  ref: string;
  /** Our refund id, as the gateway keeps it in the refund's notes (null when it has none). */
  refundId: string | null;
}

export type RefundReportOutcome = 'duplicate' | 'ignored' | 'refund-succeeded' | 'refund-failed';

/**
 * A gateway's word on a refund it was asked for (Razorpay's refund.processed / refund.failed),
 * recorded once with the event, in one transaction. Processed: the refund succeeded and its payment
 * is refunded. Failed: only a refund still pending becomes failed (staff retry it; a later
 * processed for the same refund still wins). A refund we never asked for is ignored.
 * Lock order (decision 0009): payment row, then refund row, as the refund worker takes them.
 */
export async function settleRefund({
  db,
  report,
  now,
}: {
  db: Db;
  report: RefundReport;
  now: Date;
}): Promise<RefundReportOutcome> {
  return db.transaction(async (tx): Promise<RefundReportOutcome> => {
    const fresh = await tx
      .insert(gatewayEvents)
      .values({ gateway: report.gateway, eventId: report.eventId, type: report.type, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!fresh.length) return 'duplicate';
    const ours = report.refundId && isUuid(report.refundId) ? eq(refunds.id, report.refundId) : undefined;
    const [found] = await tx
      .select({ id: refunds.id, paymentId: refunds.paymentId })
      .from(refunds)
      .where(and(eq(refunds.gateway, report.gateway), or(ours, eq(refunds.gatewayRef, report.ref))));
    if (!found) return 'ignored';
    if (found.paymentId) {
      await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.id, found.paymentId))
        .for('update');
    }
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, found.id)).for('update');
    if (!refund || refund.status === 'succeeded') return 'ignored';
    let outcome: RefundReportOutcome;
    if (report.type === 'refund.processed') {
      await markRefundSucceeded(tx, refund, report.ref, now);
      outcome = 'refund-succeeded';
    } else {
      if (refund.status !== 'pending' || (refund.gatewayRef && refund.gatewayRef !== report.ref)) {
        return 'ignored';
      }
      await tx
        .update(refunds)
        .set({
          status: 'failed',
          gatewayRef: report.ref,
          nextAttemptAt: null,
          lastError: `${report.gateway} reported the refund failed`,
          updatedAt: now,
        })
        .where(eq(refunds.id, refund.id));
      outcome = 'refund-failed';
    }
    await recordAudit(tx, {
      actorId: null,
      action: report.type,
      entityType: 'refund',
      entityId: refund.id,
      details: { eventId: report.eventId, gateway: report.gateway, ref: report.ref },
    });
    return outcome;
  });
}
