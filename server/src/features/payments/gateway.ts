/** What the booking flow needs from a payment provider; the sandbox and Stripe implement it. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Opens a payment for a held booking; `url` is where the buyer pays. */
  createCheckout(request: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /** Closes a payment that can no longer be completed (the hold ran out, the booking was cancelled). */
  expireCheckout(ref: string): Promise<void>;
  /** Gives the money of a completed payment back. */
  refund(request: { ref: string; amountPaise: number; reason: string }): Promise<{ ref: string }>;
}

export interface CheckoutRequest {
  paymentId: string;
  bookingId: string;
  amountPaise: number;
  expiresAt: Date;
  description: string;
}

/** A gateway's report of what happened to a payment, after its signature was verified. */
export interface GatewayEvent {
  gateway: PaymentGateway['name'];
  /** Unique per event at the gateway: duplicates are recognised by it. */
  id: string;
  type: 'payment.succeeded' | 'checkout.expired';
  /** The gateway's id of the payment (checkout session). */
  ref: string;
}
