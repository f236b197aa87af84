import Stripe from 'stripe';
import {
  RefundRefusedError,
  type CheckoutRequest,
  type GatewayEvent,
  type PaymentGateway,
  type RefundRequest,
} from './gateway.ts';

/** Stripe refuses a Checkout Session that expires sooner than this after it is created. */
const STRIPE_MIN_SESSION_SECONDS = 30 * 60;

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** A stand-in for api.stripe.com (tests, stripe-mock): `http://127.0.0.1:12111`. */
  apiUrl?: string;
}

/**
 * Stripe Checkout in rupees. A session can live no shorter than 30 minutes at Stripe, so the
 * hold's own deadline is kept by the app: when a hold lapses (or its booking is cancelled) the
 * session is expired through the API, and a payment that still slips through is handled as a
 * late payment by the shared event handler (seats re-held if free, else refunded).
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCheckout({ paymentId, bookingId, amountPaise, expiresAt, description }: CheckoutRequest) {
    const { publicUrl } = this.options;
    const earliest = Math.ceil(Date.now() / 1000) + STRIPE_MIN_SESSION_SECONDS + 60;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'inr',
              unit_amount: amountPaise,
              product_data: { name: 'Movie tickets', description },
            },
          },
        ],
        client_reference_id: bookingId,
        metadata: { paymentId, bookingId },
        payment_intent_data: { metadata: { paymentId, bookingId } },
        expires_at: Math.max(earliest, Math.ceil(expiresAt.getTime() / 1000)),
        success_url: `${publicUrl}/loading?next_url=mybookings`,
        cancel_url: `${publicUrl}/mybookings`,
      },
      { idempotencyKey: `checkout-${paymentId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { ref: session.id, url: session.url };
  }

  async expireCheckout(ref: string) {
    try {
      await this.stripe.checkout.sessions.expire(ref, {}, { idempotencyKey: `expire-${ref}` });
    } catch (error) {
      // Already complete or expired at Stripe: nothing left to close. A completed one arrives as
      // a late payment through the webhook and is settled there.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  }

  /**
   * Stripe answers a retry with the same idempotency key with the first answer, a 500 included,
   * so the worker changes the key after an error. Before creating, the payment intent's refunds
   * are listed: one carrying our refund id (or any live refund, for refunds recorded before ids
   * were sent) means an earlier attempt went through and its answer was lost.
   */
  async refund({ ref, amountPaise, reason, refundId, idempotencyKey }: RefundRequest) {
    const session = await this.stripe.checkout.sessions.retrieve(ref);
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new RefundRefusedError(`Checkout session ${ref} has no payment to refund`);
    const existing = await this.stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
    const done =
      existing.data.find((refund) => refund.metadata?.refundId === refundId) ??
      // Refunds made under another id (an exchange's difference, CONTRACT §13) are not this one.
      existing.data.find(
        (refund) => !refund.metadata?.refundId && refund.status !== 'failed' && refund.status !== 'canceled',
      );
    if (done) return { ref: done.id };
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountPaise, metadata: { reason, refundId } },
        { idempotencyKey },
      );
      return { ref: refund.id };
    } catch (error) {
      // Stripe will not change its mind about this request (already refunded, amount too high…).
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefusedError(error.message);
      throw error;
    }
  }

  /**
   * The event a webhook delivery carries, verified against STRIPE_WEBHOOK_SECRET with the SDK
   * (timestamped HMAC, 5-minute tolerance). Throws when the signature does not hold; returns
   * null for events that do not concern a payment.
   */
  verify(rawBody: Buffer, signature: string): GatewayEvent | null {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    switch (event.type) {
      case 'checkout.session.completed':
        // Card payments are paid on completion; delayed methods report through async_payment_*.
        if (event.data.object.payment_status !== 'paid') return null;
        return paid(event.id, event.data.object);
      case 'checkout.session.async_payment_succeeded':
        return paid(event.id, event.data.object);
      case 'checkout.session.expired':
        return { gateway: 'stripe', id: event.id, type: 'checkout.expired', ref: event.data.object.id };
      default:
        return null;
    }
  }
}

function paid(id: string, session: Stripe.Checkout.Session): GatewayEvent {
  return {
    gateway: 'stripe',
    id,
    type: 'payment.succeeded',
    ref: session.id,
    ...(typeof session.amount_total === 'number' ? { amountPaise: session.amount_total } : {}),
  };
}
