import { createHash } from 'node:crypto';
import { messages, razorpayVerifyRequest } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bookings, payments } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { requireUser } from '../auth/index.ts';
import { answerPayment } from './answer-payment.ts';
import { checkoutDocs as docs } from './docs.ts';
import {
  RazorpayApiError,
  readRazorpayWebhook,
  settleRefund,
  type RazorpayGateway,
  type RazorpayPayment,
} from '../payments/index.ts';
import { receiveEvent } from './receive-event.ts';

export const NOT_VERIFIED = 'Payment could not be verified';
const NOT_CONFIRMED = 'Razorpay has not confirmed your payment yet. Please check My Bookings in a moment.';
const PAID_BY_ANOTHER =
  'This booking is already paid by another payment. This one was not taken: Razorpay gives it back to you.';

type StoredPayment = typeof payments.$inferSelect;

/** Checkout's verify call and Razorpay's webhook (CONTRACT §9). */
export async function razorpayRoutes(app: FastifyInstance) {
  const { db, clock, razorpay, gateways, seatMaps } = app.deps;
  const eventDeps = (log: FastifyBaseLogger) => ({ db, gateways, clock, seatMaps, log });

  /**
   * Checkout's success answer, from the buyer's page. The signature is checked against the order
   * the server stored for this buyer's payment; then the payment is captured (if Razorpay only
   * holds it authorised) and settled exactly as a paid event, so a late one is re-held or
   * refunded by the same rules, and a webhook racing this call finds it already settled.
   */
  app.post('/api/payments/razorpay/verify', { schema: docs.razorpayVerify }, async (request) => {
    const user = await requireUser(request);
    if (!razorpay) throw notFound('Razorpay is not configured here');
    const parsed = razorpayVerifyRequest.safeParse(request.body);
    if (!parsed.success) throw badRequest(NOT_VERIFIED);
    const { razorpay_order_id: orderId, razorpay_payment_id: paymentRef, razorpay_signature } = parsed.data;
    const [row] = await db
      .select({ payment: payments, ownerId: bookings.userId })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.gateway, 'razorpay'), eq(payments.gatewayRef, orderId)));
    if (!row) throw badRequest(NOT_VERIFIED);
    if (row.ownerId !== user.id) throw new AppError('FORBIDDEN', messages.notAuthorized);
    if (!razorpay.isCheckoutSignatureValid(row.payment.gatewayRef, paymentRef, razorpay_signature)) {
      throw badRequest(NOT_VERIFIED);
    }
    await captureAndSettle(razorpay, row.payment, paymentRef, request.log);
    return answerPayment(db, row.payment.id);
  });

  /**
   * Captures a payment of one of our orders and settles its booking as a paid event would. The
   * buyer's page (verify) and Razorpay's `payment.authorized` webhook both come here, under one
   * event id per Razorpay payment, so whichever is second changes nothing. A payment of an order
   * another payment has already settled is not captured: Razorpay gives an uncaptured payment back.
   */
  async function captureAndSettle(
    gateway: RazorpayGateway,
    stored: StoredPayment,
    paymentRef: string,
    log: FastifyBaseLogger,
  ) {
    const paidByAnother =
      (stored.status === 'succeeded' || stored.status === 'refunded') &&
      stored.settledBy !== null &&
      stored.settledBy !== paymentRef;
    const captured = await capture(gateway, paymentRef, stored, log, !paidByAnother);
    return receiveEvent(eventDeps(log), {
      gateway: 'razorpay',
      // One settlement per Razorpay payment however often the page calls.
      id: `verify:${paymentRef}`,
      type: 'payment.succeeded',
      ref: stored.gatewayRef,
      amountPaise: captured.amount,
      settledBy: paymentRef,
    });
  }

  // Razorpay signs the exact bytes it sent, so this route reads its body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post('/api/payments/webhooks/razorpay', { schema: docs.razorpayWebhook }, async (request, reply) => {
      if (!razorpay) throw notFound('Razorpay is not configured here');
      const signature = request.headers['x-razorpay-signature'];
      if (
        typeof signature !== 'string' ||
        !Buffer.isBuffer(request.body) ||
        !razorpay.isWebhookSignatureValid(request.body, signature)
      ) {
        return reply.status(400).send({ success: false, message: 'Invalid signature' });
      }
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return reply.status(400).send({ success: false, message: 'Invalid event' });
      }
      const header = request.headers['x-razorpay-event-id'];
      // Razorpay sends the id with every delivery; without one, the body itself names the event.
      const eventId =
        typeof header === 'string' && header
          ? header
          : `body:${createHash('sha256').update(request.body).digest('hex')}`;
      const webhook = readRazorpayWebhook(body, eventId);
      if (!webhook) return reply.status(400).send({ success: false, message: 'Invalid event' });
      // An error below answers 500, and Razorpay delivers the event again later.
      if (webhook.kind === 'payment') {
        const outcome = await receiveEvent(eventDeps(request.log), webhook.event);
        return { success: true, message: 'Event received', outcome: outcome.kind };
      }
      if (webhook.kind === 'authorized') {
        const [stored] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.gateway, 'razorpay'), eq(payments.gatewayRef, webhook.orderId)));
        // An order of no booking of ours: nothing to capture, and Razorpay gives the money back.
        if (!stored) return { success: true, message: 'Event ignored', outcome: 'ignored' };
        try {
          const outcome = await captureAndSettle(razorpay, stored, webhook.paymentRef, request.log);
          return { success: true, message: 'Event received', outcome: outcome.kind };
        } catch (error) {
          // Never capturable (failed, not this order's, another payment settled it): nothing to do.
          // Razorpay not answering is another matter: the error answer makes it deliver again.
          if (error instanceof AppError && error.message !== NOT_CONFIRMED) {
            return { success: true, message: 'Event ignored', outcome: 'ignored' };
          }
          throw error;
        }
      }
      if (webhook.kind === 'refund') {
        const outcome = await settleRefund({ db, report: webhook.report, now: clock() });
        return { success: true, message: 'Event received', outcome };
      }
      return { success: true, message: 'Event ignored', outcome: 'ignored' };
    });
  });
}

/**
 * The payment, captured: Razorpay holds a Checkout payment authorised until someone captures it
 * (unless the account captures automatically). It is captured before the booking is decided, so
 * a payment the booking cannot take is refunded through the outbox like any other, rather than
 * left authorised. A capture that raced another (the webhook's, a second call) is read back.
 */
async function capture(
  razorpay: RazorpayGateway,
  paymentRef: string,
  stored: { gatewayRef: string; amountPaise: number },
  log: FastifyBaseLogger,
  mayCapture: boolean,
): Promise<RazorpayPayment> {
  try {
    let payment = await razorpay.client.fetchPayment(paymentRef);
    if (payment.order_id !== stored.gatewayRef) throw badRequest(NOT_VERIFIED);
    if (payment.status === 'authorized' && !mayCapture) throw conflict(PAID_BY_ANOTHER);
    if (payment.status === 'authorized') {
      if (payment.amount !== stored.amountPaise) throw badRequest(NOT_VERIFIED);
      try {
        payment = await razorpay.client.capturePayment(paymentRef, payment.amount);
      } catch (error) {
        if (!(error instanceof RazorpayApiError && error.isFinal)) throw error;
        payment = await razorpay.client.fetchPayment(paymentRef);
      }
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      throw conflict(payment.status === 'failed' ? 'Payment failed. Please try again.' : NOT_CONFIRMED);
    }
    return payment;
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn({ err: error, paymentRef }, 'confirming a Razorpay payment failed');
    throw conflict(NOT_CONFIRMED);
  }
}
