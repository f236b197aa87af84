/** What the booking flow needs from a payment provider; the sandbox and Stripe implement it. */
/** Where a payment was taken: the sandbox, Stripe, Razorpay, or the box office (seeded sample sales). */
export type GatewayName = 'sandbox' | 'stripe' | 'razorpay' | 'counter';

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Opens a payment for a held booking; `url` is where the buyer pays. */
  createCheckout(request: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /**
   * For a gateway that lives in the app (the sandbox): the checkout, known without any call out,
   * so it is recorded in the same statement as the hold. Gateways that call out leave it unset.
   */
  localCheckout?(paymentId: string): { ref: string; url: string };
  /** Closes a payment that can no longer be completed (the hold ran out, the booking was cancelled). */
  expireCheckout(ref: string): Promise<void>;
  /**
   * Gives the money of a completed payment back, once: a gateway that may have done it already
   * (an earlier attempt's answer was lost) finds that refund and answers it instead of a new one.
   */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

/**
 * The gateway's refund: `pending` when it accepted it but has not confirmed it yet (Razorpay);
 * the worker asks again later (or a webhook settles it). Left out: confirmed.
 */
export interface RefundAnswer {
  ref: string;
  status?: 'succeeded' | 'pending';
}

export interface CheckoutRequest {
  paymentId: string;
  bookingId: string;
  amountPaise: number;
  expiresAt: Date;
  description: string;
  /** The booking's reference (Razorpay's order receipt). */
  reference?: string;
}

export interface RefundRequest {
  /** The gateway's id of the payment (checkout session). */
  ref: string;
  amountPaise: number;
  reason: string;
  /** Our refund's id, stored with the gateway's refund so a later attempt can find it. */
  refundId: string;
  idempotencyKey: string;
  /** The gateway's refund id, once an earlier attempt learnt it (it is then asked about, not made again). */
  gatewayRef?: string | null;
}

/**
 * A gateway refused to open a checkout (an error answer, or one it did not understand): the hold
 * is released and the buyer told `message`, a client-side answer rather than a server failure.
 */
export class CheckoutRefusedError extends Error {
  override name = 'CheckoutRefusedError';
}

/** A gateway's answer that no retry will change (the payment cannot be refunded as asked). */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

/** A gateway's report of what happened to a payment, after its signature was verified. */
export interface GatewayEvent {
  gateway: GatewayName;
  /** Unique per event at the gateway: duplicates are recognised by it. */
  id: string;
  type: 'payment.succeeded' | 'checkout.expired';
  /** The gateway's id of the payment (checkout session). */
  ref: string;
  /** The amount captured, when the gateway says (refunding a payment that matches no booking). */
  amountPaise?: number;
  /**
   * Where one ref can be paid more than once (a Razorpay order, each attempt a payment of its own),
   * the gateway's id of the payment this event is about.
   */
  settledBy?: string;
}

/** A payment at a gateway: what a refund or a checkout to close is addressed by. */
export interface GatewayPayment {
  gateway: GatewayName;
  ref: string;
}

/**
 * The box office: money changed hands at the counter, so it is given back there too — by a
 * cashier, in a shift, never by the refund worker (which does not claim these refunds).
 */
export const counterGateway: PaymentGateway = {
  name: 'counter',
  async createCheckout() {
    throw new Error('The box office takes no online payments');
  },
  async expireCheckout() {},
  async refund() {
    throw new Error('Money taken at the box office is paid back at the box office');
  },
};
