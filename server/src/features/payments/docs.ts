import {
  adminRefundsResponse,
  reconciliationResponse,
  refundStatuses,
  retryRefundResponse,
} from '@marquee/shared';
import { z } from 'zod';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

/** GET /api/admin/refunds?status= */
export const refundsQuery = z.object({
  status: z
    .enum(refundStatuses)
    .optional()
    .meta({ description: 'Only refunds in this state; any other value lists all' }),
});

/** The refund routes as /api/openapi.json describes them (refund-routes.ts attaches each). */
export const paymentDocs = {
  refunds: routeSchema({
    tags: ['Admin'],
    summary: 'Refunds, newest first (at most 200)',
    auth: 'admin',
    querystring: refundsQuery,
    ok: adminRefundsResponse,
  }),
  retryRefund: routeSchema({
    tags: ['Admin'],
    summary: 'Try a refund again now',
    auth: 'admin',
    params: idParam('id', "The refund's id"),
    ok: retryRefundResponse,
    errors: { 403: 'Admins only, or a cookie call from another site', 404: 'Refund not found' },
  }),
  reconciliation: routeSchema({
    tags: ['Admin'],
    summary: 'Where money and seats disagree (captured but unsettled, paid without seats, overdue refunds)',
    auth: 'admin',
    ok: reconciliationResponse,
  }),
};
