import {
  adminRefundsResponse,
  ok,
  paymentResponse,
  reconciliationResponse,
  refundStatuses,
  retryRefundResponse,
  sandboxPayResponse,
} from '@marquee/shared';
import { z } from 'zod';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Payments'];
const paymentId = idParam('id', "The payment's id (the last part of a booking's `paymentLink`)");
const received = ok({
  outcome: z.string().meta({
    description: 'What the event did: applied, or already applied (events are idempotent), or ignored',
  }),
});

/** GET /api/admin/refunds?status= */
export const refundsQuery = z.object({
  status: z
    .enum(refundStatuses)
    .optional()
    .meta({ description: 'Only refunds in this state; any other value lists all' }),
});

/** The payment routes as /api/openapi.json describes them (routes.ts attaches each). */
export const paymentDocs = {
  payment: routeSchema({
    tags,
    summary: 'What the payment page shows: the amount, the booking, whether it can still be paid',
    auth: 'user',
    params: paymentId,
    ok: paymentResponse,
    errors: { 403: 'Not your payment', 404: 'Payment not found' },
  }),
  sandboxPay: routeSchema({
    tags,
    summary: "The sandbox's Pay button",
    description:
      'Signs the event the sandbox gateway would send and delivers it to the sandbox webhook, the path real ' +
      'gateways use. Paying again answers "Already paid". Only for sandbox payments (PAYMENT_GATEWAY=sandbox).',
    auth: 'user',
    params: paymentId,
    ok: sandboxPayResponse,
    errors: {
      400: 'This payment is not a sandbox payment',
      403: 'Not your payment, or a cookie call from another site',
      404: 'Payment not found',
      409: 'This booking can no longer be paid (expired, cancelled, or refunded: the message says which)',
    },
  }),
  stripeWebhook: routeSchema({
    tags,
    summary: "Stripe's webhook (checkout.session.completed / expired)",
    description:
      'Verified with the `Stripe-Signature` header against the raw body. Each event is applied once: a ' +
      'redelivery answers 200 without applying it again; a 500 makes Stripe deliver it again later.',
    auth: 'public',
    body: z.looseObject({ id: z.string(), type: z.string() }),
    ok: received,
    errors: { 400: 'Invalid signature', 404: 'Stripe is not configured here' },
  }),
  sandboxWebhook: routeSchema({
    tags,
    summary: "The sandbox gateway's webhook",
    description:
      "Signed with the `x-marquee-sandbox-signature` header (HMAC of the body). Idempotent like Stripe's.",
    auth: 'public',
    body: z.looseObject({ id: z.string(), type: z.string(), ref: z.string() }),
    ok: received,
    errors: { 400: 'Invalid signature' },
  }),
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
