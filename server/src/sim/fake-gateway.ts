import {
  CheckoutRefusedError,
  RefundRefusedError,
  type CheckoutRequest,
  type GatewayEvent,
  type GatewayName,
  type PaymentGateway,
  type RefundAnswer,
  type RefundRequest,
} from '../features/payments/index.ts';
import type { Scheduler } from './scheduler.ts';

/**
 * How the gateway answers the next refund call. `lost`: it pays back, then the answer is lost.
 * `fails`: Razorpay-shaped only, it answers pending and later reports the refund failed (no money
 * back); elsewhere the same as `ok`.
 */
export type RefundFault = 'ok' | '500' | 'lost' | 'refused' | 'fails';

/** One refund the gateway made; Razorpay's settle later (`pending` until its event is queued). */
export interface LedgerRefund {
  refundId: string;
  gatewayRef: string;
  amountPaise: number;
  status: 'processed' | 'failed';
}

/** Money a refund really gave back: a failed Razorpay refund gave none. */
export function paidBack(entry: LedgerEntry): LedgerRefund[] {
  return entry.refunds.filter((refund) => refund.status !== 'failed');
}

/**
 * An event the gateway owes the app. Razorpay's carry the webhook body the app reads
 * (readRazorpayWebhook), so they go through the webhook route's own parsing.
 */
export interface OwedEvent {
  event: { gateway: GatewayName; id: string; type: string; ref: string };
  /** For the sandbox and Stripe: the event as their adapters hand it to receiveEvent. */
  parsed?: GatewayEvent;
  razorpay?: unknown;
  delivered: boolean;
}

/** What the gateway did with one payment (checkout), by its ref. */
export interface LedgerEntry {
  ref: string;
  gateway: GatewayName;
  amountPaise: number;
  /** Money taken from the buyer (0 until paid). */
  capturedPaise: number;
  /** Closed at the gateway: it can no longer be paid. */
  closed: boolean;
  /** Each refund made, with the refund id it was asked under (failed ones stay, giving nothing back). */
  refunds: LedgerRefund[];
}

export interface Ledger {
  entries: Map<string, LedgerEntry>;
  /** Events the gateway owes the app: delivered ones stay, for duplicates. */
  events: OwedEvent[];
  /** Answers to give the next refund calls, first first; `ok` when empty. */
  refundFaults: RefundFault[];
  /** Fail the next checkout creation (Stripe- and Razorpay-shaped only). */
  failNextCheckout: boolean;
  /** Counters for the sometimes report. */
  lostAnswers: number;
  /** Stripe's answers kept by idempotency key: the errors, which a retry under the same key gets again. */
  keptErrors: Map<string, Error>;
  /** Numbers the gateway's own ids (events, checkouts, refunds) under `prefix`, unique per database. */
  counter: number;
  prefix: string;
}

export function emptyLedger(prefix: string): Ledger {
  return {
    entries: new Map(),
    events: [],
    refundFaults: [],
    failNextCheckout: false,
    lostAnswers: 0,
    keptErrors: new Map(),
    counter: 0,
    prefix,
  };
}

function nextId(ledger: Ledger, kind: string): string {
  return `${kind}_${ledger.prefix}_${++ledger.counter}`;
}

/**
 * A stand-in gateway with a ledger, shaped like the sandbox (checkout known locally, recorded
 * with the hold) or like Stripe (checkout created by a call out, closed by a call, closing
 * queues a `checkout.expired` event) or like Razorpay (an order created by a call out, never
 * closed; a capture queues both `payment.captured` and `order.paid`; a refund is answered pending
 * and settled later by a `refund.processed` or `refund.failed` event). Its refund finds an earlier refund made under the same
 * refund id, as the real adapters do (Stripe's metadata, Razorpay's notes), and otherwise pays.
 */
export class FakeGateway implements PaymentGateway {
  readonly localCheckout?: (paymentId: string) => { ref: string; url: string };

  constructor(
    readonly name: 'sandbox' | 'stripe' | 'razorpay',
    private readonly ledger: Ledger,
    private readonly scheduler: Scheduler,
  ) {
    if (name === 'sandbox') {
      this.localCheckout = (paymentId: string) => ({ ref: `sbx_${paymentId}`, url: `/pay/${paymentId}` });
    }
  }

  async createCheckout(request: CheckoutRequest) {
    await this.scheduler.pause(`${this.name}.createCheckout`);
    if (this.ledger.failNextCheckout) {
      this.ledger.failNextCheckout = false;
      throw new CheckoutRefusedError('The gateway refused the checkout');
    }
    const ref =
      this.name === 'sandbox'
        ? `sbx_${request.paymentId}`
        : nextId(this.ledger, this.name === 'stripe' ? 'cs' : 'order');
    this.entry(ref, request.amountPaise);
    return { ref, url: `/checkout/${ref}` };
  }

  /** Not a pause point: the app fires it without waiting (onLapsed), see decision 0021. */
  async expireCheckout(ref: string) {
    // The sandbox keeps nothing outside the app; a Razorpay order cannot be closed (a late payment is refunded).
    if (this.name !== 'stripe') return;
    const entry = this.ledger.entries.get(ref);
    if (!entry || entry.closed || entry.capturedPaise) return;
    entry.closed = true;
    const event: GatewayEvent = {
      gateway: this.name,
      id: nextId(this.ledger, 'evt'),
      type: 'checkout.expired',
      ref,
    };
    this.ledger.events.push({ event, parsed: event, delivered: false });
  }

  async refund(request: RefundRequest): Promise<RefundAnswer> {
    await this.scheduler.pause(`${this.name}.refund`);
    const entry = this.ledger.entries.get(request.ref);
    // Stripe keeps its first answer to an idempotency key and gives it to every retry under that
    // key, a 500 included (the adapter first looks for a refund an earlier attempt made).
    const kept = this.name === 'stripe' ? this.ledger.keptErrors.get(request.idempotencyKey) : undefined;
    if (kept && !entry?.refunds.some((refund) => refund.refundId === request.refundId)) throw kept;
    const fault = this.ledger.refundFaults.shift() ?? 'ok';
    const keep = (error: Error) => {
      if (this.name === 'stripe') this.ledger.keptErrors.set(request.idempotencyKey, error);
      return error;
    };
    if (fault === '500') throw keep(new Error('gateway answered 500'));
    if (!entry || entry.capturedPaise === 0) throw new RefundRefusedError('No such payment');
    if (fault === 'refused') throw keep(new RefundRefusedError('The gateway refused the refund'));
    if (this.name === 'razorpay') return this.razorpayRefund(entry, request, fault);
    const earlier = entry.refunds.find(
      (refund) => refund.refundId === request.refundId || refund.gatewayRef === request.gatewayRef,
    );
    const made = earlier ?? {
      refundId: request.refundId,
      gatewayRef: nextId(this.ledger, 're'),
      amountPaise: request.amountPaise,
      status: 'processed' as const,
    };
    if (!earlier) entry.refunds.push(made);
    if (fault === 'lost') {
      this.ledger.lostAnswers++;
      throw new Error('the refund answer was lost');
    }
    return { ref: made.gatewayRef };
  }

  /**
   * Razorpay's refund (razorpay-gateway.ts asks this way): a known refund id is asked about and
   * answered with its state (a failed one refused); otherwise a live refund made under our refund
   * id is answered, or a new one made, answered pending, its settlement event queued.
   */
  private razorpayRefund(entry: LedgerEntry, request: RefundRequest, fault: RefundFault): RefundAnswer {
    const known = request.gatewayRef
      ? entry.refunds.find((refund) => refund.gatewayRef === request.gatewayRef)
      : entry.refunds.find((refund) => refund.refundId === request.refundId && refund.status !== 'failed');
    if (request.gatewayRef && !known) throw new RefundRefusedError('No such refund');
    if (known) {
      if (known.status === 'failed')
        throw new RefundRefusedError(`Razorpay could not make refund ${known.gatewayRef}`);
      const settled = this.ledger.events.some(
        (owed) => owed.event.ref === known.gatewayRef && owed.event.type === 'refund.processed',
      );
      return this.answered(fault, { ref: known.gatewayRef, status: settled ? 'succeeded' : 'pending' });
    }
    const made: LedgerRefund = {
      refundId: request.refundId,
      gatewayRef: nextId(this.ledger, 'rfnd'),
      amountPaise: request.amountPaise,
      status: fault === 'fails' ? 'failed' : 'processed',
    };
    entry.refunds.push(made);
    const type = made.status === 'failed' ? 'refund.failed' : 'refund.processed';
    const id = nextId(this.ledger, 'evt');
    this.ledger.events.push({
      event: { gateway: 'razorpay', id, type, ref: made.gatewayRef },
      razorpay: {
        event: type,
        payload: { refund: { entity: { id: made.gatewayRef, notes: { refundId: request.refundId } } } },
      },
      delivered: false,
    });
    return this.answered(fault, { ref: made.gatewayRef, status: 'pending' });
  }

  private answered(fault: RefundFault, answer: RefundAnswer): RefundAnswer {
    if (fault === 'lost') {
      this.ledger.lostAnswers++;
      throw new Error('the refund answer was lost');
    }
    return answer;
  }

  /** The ledger entry of a checkout, made on first sight (sandbox checkouts are local). */
  entry(ref: string, amountPaise: number): LedgerEntry {
    let entry = this.ledger.entries.get(ref);
    if (!entry) {
      entry = { ref, gateway: this.name, amountPaise, capturedPaise: 0, closed: false, refunds: [] };
      this.ledger.entries.set(ref, entry);
    }
    return entry;
  }

  /**
   * The buyer pays: money is captured and the event queued, if the checkout can still be paid
   * (once, and not after the gateway closed it). `paidPaise`: what it took, the checkout's amount
   * unless the gateway errs. Returns the event, or null.
   */
  capture(ref: string, amountPaise: number, paidPaise = amountPaise): OwedEvent['event'] | null {
    const entry = this.entry(ref, amountPaise);
    if (entry.closed || entry.capturedPaise) return null;
    entry.capturedPaise = paidPaise;
    if (this.name === 'razorpay') {
      // The same fact twice, as Razorpay sends it: the payment captured, then its order paid.
      const payment = { id: nextId(this.ledger, 'pay'), amount: paidPaise, order_id: ref };
      const captured = {
        gateway: 'razorpay' as const,
        id: nextId(this.ledger, 'evt'),
        type: 'payment.captured',
        ref,
      };
      this.ledger.events.push({
        event: captured,
        razorpay: { event: 'payment.captured', payload: { payment: { entity: payment } } },
        delivered: false,
      });
      const paid = { gateway: 'razorpay' as const, id: nextId(this.ledger, 'evt'), type: 'order.paid', ref };
      this.ledger.events.push({
        event: paid,
        razorpay: {
          event: 'order.paid',
          payload: { order: { entity: { id: ref, amount_paid: paidPaise } }, payment: { entity: payment } },
        },
        delivered: false,
      });
      return paid;
    }
    const event: GatewayEvent = {
      gateway: this.name,
      id: nextId(this.ledger, 'evt'),
      type: 'payment.succeeded',
      ref,
      amountPaise: paidPaise,
    };
    this.ledger.events.push({ event, parsed: event, delivered: false });
    return event;
  }
}
