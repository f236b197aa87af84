import { refundStatuses } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireAdmin } from '../auth/index.ts';
import { paymentDocs as docs } from './docs.ts';
import { listRefunds } from './list-refunds.ts';
import { findDiscrepancies } from './reconcile.ts';
import { retryRefund } from './refund-worker.ts';

const retryMessages = {
  succeeded: 'Refund succeeded',
  failed: 'The payment gateway refused the refund',
  pending: 'Refund will be tried again shortly',
} as const;

/** Staff's view of money owed back, their retry, and the reconciliation report. */
export async function refundRoutes(app: FastifyInstance) {
  const { db, gateways, clock } = app.deps;

  app.get<{ Querystring: { status?: string } }>(
    '/api/admin/refunds',
    { schema: docs.refunds },
    async (request) => {
      await requireAdmin(request);
      const status = refundStatuses.find((wanted) => wanted === request.query.status);
      return { success: true, message: 'Refunds fetched', refunds: await listRefunds({ db, status }) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/refunds/:id/retry',
    { schema: docs.retryRefund },
    async (request) => {
      const admin = await requireAdmin(request);
      if (!isUuid(request.params.id)) throw notFound('Refund not found');
      const result = await retryRefund(
        { db, gateways, clock, log: request.log },
        { refundId: request.params.id, actorId: admin.id },
      );
      if (!result) throw notFound('Refund not found');
      return { success: true, message: retryMessages[result.status], status: result.status };
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
