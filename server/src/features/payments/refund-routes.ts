import { paiseToRupees } from '@marquee/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, refunds } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../auth/guards.ts';
import { isUuid } from '../../lib/ids.ts';
import { findDiscrepancies } from './reconcile.ts';
import { retryRefund } from './refund-worker.ts';
import { paymentDocs as docs } from './docs.ts';

const statuses = ['pending', 'failed', 'succeeded'] as const;

/** Staff's view of money owed back, their retry, and the reconciliation report. */
export async function refundRoutes(app: FastifyInstance) {
  const { db, gateways, clock } = app.deps;

  app.get<{ Querystring: { status?: string } }>(
    '/api/admin/refunds',
    { schema: docs.refunds },
    async (request) => {
      await requireAdmin(request);
      const wanted = statuses.filter((status) => status === request.query.status);
      const rows = await db
        .select({ refund: refunds, bookingId: payments.bookingId })
        .from(refunds)
        .leftJoin(payments, eq(payments.id, refunds.paymentId))
        .where(wanted.length ? inArray(refunds.status, wanted) : undefined)
        .orderBy(desc(refunds.createdAt))
        .limit(200);
      return {
        success: true,
        message: 'Refunds fetched',
        refunds: rows.map(({ refund, bookingId }) => ({
          _id: refund.id,
          booking: bookingId,
          gateway: refund.gateway,
          paymentRef: refund.paymentRef,
          amount: paiseToRupees(refund.amountPaise),
          reason: refund.reason,
          status: refund.status,
          attempts: refund.attempts,
          lastError: refund.lastError,
          nextAttemptAt: refund.nextAttemptAt?.toISOString() ?? null,
          gatewayRef: refund.gatewayRef,
          createdAt: refund.createdAt.toISOString(),
          succeededAt: refund.succeededAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/refunds/:id/retry',
    { schema: docs.retryRefund },
    async (request) => {
      await requireAdmin(request);
      if (!isUuid(request.params.id)) throw notFound('Refund not found');
      const [row] = await db
        .select({ status: refunds.status })
        .from(refunds)
        .where(eq(refunds.id, request.params.id));
      if (!row) throw notFound('Refund not found');
      if (row.status === 'succeeded')
        return { success: true, message: 'Refund already succeeded', status: 'succeeded' };
      const result = await retryRefund({ db, gateways, clock, log: request.log }, request.params.id);
      const status = result?.status ?? row.status;
      return {
        success: true,
        message:
          status === 'succeeded'
            ? 'Refund succeeded'
            : status === 'failed'
              ? 'The payment gateway refused the refund'
              : 'Refund will be tried again shortly',
        status,
      };
    },
  );

  app.get('/api/admin/reconciliation', { schema: docs.reconciliation }, async (request) => {
    await requireAdmin(request);
    const discrepancies = await findDiscrepancies({ db, now: clock() });
    return {
      success: true,
      message: discrepancies.length ? `${discrepancies.length} discrepancies found` : 'Money and seats agree',
      discrepancies,
    };
  });
}
