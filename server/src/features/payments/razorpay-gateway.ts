import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CheckoutRefusedError,
  RefundRefusedError,
  type CheckoutRequest,
  type PaymentGateway,
  type RefundAnswer,
  type RefundRequest,
} from './gateway.ts';
import {
  RazorpayApiError,
  RazorpayClient,
  type RazorpayPayment,
  type RazorpayRefund,
} from './razorpay-client.ts';

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  publicUrl: string;
  apiUrl: string;
  checkoutUrl: string;
}

/** What the buyer is told when Razorpay will not open an order (CONTRACT §9). */
export const PAYMENT_NOT_STARTED = 'Payment could not be started, please try again';

/**
 * Razorpay Orders with Standard Checkout. A hold opens one order (its id is the payment's
 * `gatewayRef`); the buyer pays on the app's own payment page, whose button opens Checkout for
 * that order. A refund is addressed by the order (the payment row's ref) and made on its captured
 * payment, under an `X-Refund-Idempotency` key that every retry of one refund repeats.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly client: RazorpayClient;

  constructor(readonly options: RazorpayGatewayOptions) {
    this.client = new RazorpayClient({
      keyId: options.keyId,
      keySecret: options.keySecret,
      apiUrl: options.apiUrl,
    });
  }

  async createCheckout({ paymentId, bookingId, amountPaise, reference }: CheckoutRequest) {
    let orderId: string;
    try {
      const order = await this.client.createOrder({
        amount: amountPaise,
        currency: 'INR',
        receipt: reference ?? bookingId,
        notes: { bookingId, paymentId },
      });
      if (typeof order.id !== 'string' || !order.id || order.amount !== amountPaise) {
        throw new RazorpayApiError(502, 'Razorpay answered the order with something not understood');
      }
      orderId = order.id;
    } catch (error) {
      throw new CheckoutRefusedError(PAYMENT_NOT_STARTED, { cause: error });
    }
    return { ref: orderId, url: `${this.options.publicUrl}/pay/${paymentId}` };
  }

  async expireCheckout() {
    // Razorpay orders cannot be closed; a payment that still lands is settled as a late payment.
  }

  /**
   * Refunds the order's captured payment (or the payment itself, for one that came without an
   * order). A refund already made for this refund id (an earlier answer lost) is answered instead
   * of a new one; once Razorpay gave its id, it is asked about rather than made again. The key
   * counts Razorpay's failed refunds for this refund id, so a retry after a lost answer repeats
   * it and a retry after a failed refund makes a new one.
   */
  async refund({ ref, amountPaise, reason, refundId, gatewayRef }: RefundRequest): Promise<RefundAnswer> {
    try {
      // Polling: a refund Razorpay failed is left failed (staff retry clears the ref, making a new one).
      if (gatewayRef) return answer(await this.client.fetchRefund(gatewayRef));
      const payment = await this.capturedPayment(ref);
      const ours = (await this.client.paymentRefunds(payment.id)).filter(
        (refund) => noteOf(refund, 'refundId') === refundId,
      );
      const live = ours.find((refund) => refund.status !== 'failed');
      if (live) return answer(live);
      const created = await this.client.refundPayment(
        payment.id,
        { amount: amountPaise, notes: { refundId, reason: reason.slice(0, 250) } },
        `${refundId}-${ours.length}`,
      );
      return answer(created);
    } catch (error) {
      if (error instanceof RazorpayApiError && error.isFinal) throw new RefundRefusedError(error.message);
      throw error;
    }
  }

  private async capturedPayment(ref: string): Promise<RazorpayPayment> {
    const candidates = ref.startsWith('pay_')
      ? [await this.client.fetchPayment(ref)]
      : await this.client.orderPayments(ref);
    const captured = candidates.find(
      (payment) => payment.status === 'captured' || payment.status === 'refunded',
    );
    if (!captured) throw new RefundRefusedError(`Razorpay holds no captured payment for ${ref}`);
    return captured;
  }

  /** Checkout's success signature: HMAC-SHA256 of `order_id|payment_id` keyed with the key secret. */
  isCheckoutSignatureValid(orderId: string, paymentId: string, signature: string): boolean {
    return hmacMatches(this.options.keySecret, `${orderId}|${paymentId}`, signature);
  }

  /** A webhook delivery's signature: HMAC-SHA256 (hex) of the raw body keyed with the webhook secret. */
  isWebhookSignatureValid(rawBody: Buffer, signature: string): boolean {
    return hmacMatches(this.options.webhookSecret, rawBody, signature);
  }
}

function hmacMatches(key: string, data: string | Buffer, signature: string): boolean {
  const expected = createHmac('sha256', key).update(data).digest();
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

function noteOf(entity: { notes: Record<string, string> | [] }, key: string): string | undefined {
  return Array.isArray(entity.notes) ? undefined : entity.notes[key];
}

function answer(refund: RazorpayRefund): RefundAnswer {
  if (refund.status === 'failed') throw new RefundRefusedError(`Razorpay could not make refund ${refund.id}`);
  return { ref: refund.id, status: refund.status === 'processed' ? 'succeeded' : 'pending' };
}
