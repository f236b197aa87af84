import { randomUUID } from 'node:crypto';
import { isHoldLapsed, messages, paiseToRupees } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bookings, payments } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isAdmin, requireUser } from '../auth/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { findBookings } from '../bookings/index.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../payments/index.ts';
import { answerPayment } from './answer-payment.ts';
import { razorpayRoutes } from './razorpay-routes.ts';
import { receiveEvent } from './receive-event.ts';
import { checkoutDocs as docs } from './docs.ts';

export async function paymentRoutes(app: FastifyInstance) {
  const { db, config, clock, sandbox, stripe, razorpay, gateways, seatMaps } = app.deps;
  const eventDeps = (log: FastifyBaseLogger) => ({ db, gateways, clock, seatMaps, log });

  async function ownPayment(paymentId: string, userId: string, admin: boolean) {
    if (!isUuid(paymentId)) throw notFound('Payment not found');
    const [row] = await db
      .select({ payment: payments, ownerId: bookings.userId })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(payments.id, paymentId));
    if (!row) throw notFound('Payment not found');
    if (row.ownerId !== userId && !admin) throw new AppError('FORBIDDEN', messages.notAuthorized);
    return row.payment;
  }

  /** What the payment page shows: the amount, the booking, and how long is left. */
  app.get<{ Params: { id: string } }>('/api/payments/:id', { schema: docs.payment }, async (request) => {
    const user = await requireUser(request);
    const payment = await ownPayment(request.params.id, user.id, isAdmin(user));
    const now = clock();
    // Checkout opens for the buyer only, prefilled with their own name and email.
    const checkout =
      payment.gateway === 'razorpay' && razorpay
        ? {
            keyId: razorpay.options.keyId,
            orderId: payment.gatewayRef,
            amountPaise: payment.amountPaise,
            currency: 'INR' as const,
            checkoutUrl: razorpay.options.checkoutUrl,
            cinemaName: config.CINEMA_NAME,
            prefill: { name: user.name, email: user.email },
          }
        : null;
    const [booking] = await findBookings({
      db,
      where: { ids: [payment.bookingId] },
      now,
      timeZone: config.CINEMA_TIMEZONE,
    });
    return {
      success: true,
      message: 'Payment fetched',
      payment: {
        _id: payment.id,
        gateway: payment.gateway,
        amount: paiseToRupees(payment.amountPaise),
        status: payment.status,
        isPayable:
          payment.status === 'open' &&
          booking!.status === 'pending' &&
          !isHoldLapsed(Date.parse(booking!.expiresAt), now.getTime()),
      },
      booking,
      razorpay: checkout,
    };
  });

  /**
   * The sandbox's Pay button. It does not mark anything paid itself: it signs the event the
   * sandbox gateway would send and delivers it to the webhook route, the path real gateways use.
   */
  app.post<{ Params: { id: string } }>(
    '/api/payments/:id/sandbox-pay',
    { schema: docs.sandboxPay },
    async (request) => {
      const user = await requireUser(request);
      const payment = await ownPayment(request.params.id, user.id, false);
      if (payment.gateway !== 'sandbox') throw badRequest('This payment is not a sandbox payment');
      if (payment.status === 'succeeded' || payment.status === 'refunded')
        return answerPayment(db, payment.id, 'Already paid');
      const { payload, signature } = sandbox.sign({
        id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        ref: payment.gatewayRef,
      });
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload,
      });
      // Not applied (a failure inside): say so, never "Payment successful".
      if (delivered.statusCode !== 200) throw new Error(`sandbox event answered ${delivered.statusCode}`);
      return answerPayment(db, payment.id);
    },
  );

  // Stripe signs the exact bytes it sent, so this route reads its body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post('/api/payments/webhooks/stripe', { schema: docs.stripeWebhook }, async (request, reply) => {
      if (!stripe) throw notFound('Stripe is not configured here');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        return reply.status(400).send({ success: false, message: 'Invalid signature' });
      }
      let event;
      try {
        event = stripe.verify(request.body, signature);
      } catch {
        return reply.status(400).send({ success: false, message: 'Invalid signature' });
      }
      if (!event) return { success: true, message: 'Event ignored', outcome: 'ignored' };
      // An error here answers 500, and Stripe delivers the event again later.
      const outcome = await receiveEvent(eventDeps(request.log), event);
      return { success: true, message: 'Event received', outcome: outcome.kind };
    });
  });

  await app.register(razorpayRoutes);

  app.post('/api/payments/webhooks/sandbox', { schema: docs.sandboxWebhook }, async (request, reply) => {
    const signature = request.headers[SANDBOX_SIGNATURE_HEADER];
    const payload = JSON.stringify(request.body ?? null);
    const event = typeof signature === 'string' ? sandbox.verify(payload, signature) : null;
    if (!event) return reply.status(400).send({ success: false, message: 'Invalid signature' });
    const outcome = await receiveEvent(eventDeps(request.log), event);
    return { success: true, message: 'Event received', outcome: outcome.kind };
  });
}
