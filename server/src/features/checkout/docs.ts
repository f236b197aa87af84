import {
  ok,
  paymentResponse,
  razorpayVerifyRequest,
  razorpayVerifyResponse,
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

/** The checkout routes as /api/openapi.json describes them (routes.ts and razorpay-routes.ts attach each). */
export const checkoutDocs = {
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
  razorpayVerify: routeSchema({
    tags,
    summary: "Razorpay Checkout's success answer: verify, capture and settle",
    description:
      "The booking's owner sends what Checkout answered. The signature (HMAC-SHA256 of `order_id|payment_id` " +
      'keyed with the key secret) is checked against the order stored for the booking; then the payment is ' +
      'captured if Razorpay holds it authorised and settled exactly as a paid event: paid, or (late, seats ' +
      'gone, show cancelled or started) refunded with the reason. A second call answers the same. Only with ' +
      'PAYMENT_GATEWAY=razorpay keys configured.',
    auth: 'user',
    body: razorpayVerifyRequest,
    ok: razorpayVerifyResponse,
    errors: {
      400: 'Payment could not be verified (a wrong signature, or an order that is not this booking’s)',
      403: 'Not your booking, or a cookie call from another site',
      404: 'Razorpay is not configured here',
      409: 'Not confirmed by Razorpay yet, or the booking can no longer take it (the message says it is refunded)',
    },
  }),
  razorpayWebhook: routeSchema({
    tags,
    summary:
      "Razorpay's webhook (payment.captured, order.paid, payment.failed, refund.processed, refund.failed)",
    description:
      '`X-Razorpay-Signature` is the HMAC-SHA256 (hex) of the raw body keyed with RAZORPAY_WEBHOOK_SECRET. Each ' +
      'event is applied once by its `X-Razorpay-Event-Id`; payment.captured and order.paid settle the booking ' +
      'whichever comes first; payment.failed leaves the hold; refund events settle the refund. A 500 makes ' +
      'Razorpay deliver the event again later.',
    auth: 'public',
    body: z.looseObject({ event: z.string(), payload: z.looseObject({}) }),
    ok: received,
    errors: { 400: 'Invalid signature, or an event not understood', 404: 'Razorpay is not configured here' },
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
};
