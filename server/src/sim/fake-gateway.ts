import {
  CheckoutRefusedError,
  RefundRefusedError,
  type CheckoutRequest,
  type GatewayEvent,
  type GatewayName,
  type PaymentGateway,
  type RefundAnswer,
  type RefundRequest,
} from '../features/payments/gateway.ts';
import type { Scheduler } from './scheduler.ts';

/** How the gateway answers the next refund call. `lost`: it pays back, then the answer is lost. */
export type RefundFault = 'ok' | '500' | 'lost' | 'refused';

/** What the gateway did with one payment (checkout), by its ref. */
export interface LedgerEntry {
  ref: string;
  gateway: GatewayName;
  amountPaise: number;
  /** Money taken from the buyer (0 until paid). */
  capturedPaise: number;
  /** Closed at the gateway: it can no longer be paid. */
  closed: boolean;
  /** Each time money was paid back, with the refund id it was asked under. */
  refunds: { refundId: string; gatewayRef: string; amountPaise: number }[];
}

export interface Ledger {
  entries: Map<string, LedgerEntry>;
  /** Events the gateway owes the app: delivered ones stay, for duplicates. */
  events: { event: GatewayEvent; delivered: boolean }[];
  /** Answers to give the next refund calls, first first; `ok` when empty. */
  refundFaults: RefundFault[];
  /** Fail the next checkout creation (Stripe-shaped only). */
  failNextCheckout: boolean;
  /** Counters for the sometimes report. */
  lostAnswers: number;
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
 * queues a `checkout.expired` event). Its refund finds an earlier refund made under the same
 * refund id, as the real adapters do (Stripe's metadata, Razorpay's notes), and otherwise pays.
 */
export class FakeGateway implements PaymentGateway {
  readonly localCheckout?: (paymentId: string) => { ref: string; url: string };

  constructor(
    readonly name: 'sandbox' | 'stripe',
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
    const ref = this.name === 'sandbox' ? `sbx_${request.paymentId}` : nextId(this.ledger, 'cs');
    this.entry(ref, request.amountPaise);
    return { ref, url: `/checkout/${ref}` };
  }

  /** Not a pause point: the app fires it without waiting (onLapsed), see decision 0021. */
  async expireCheckout(ref: string) {
    if (this.name === 'sandbox') return; // the sandbox keeps nothing outside the app
    const entry = this.ledger.entries.get(ref);
    if (!entry || entry.closed || entry.capturedPaise) return;
    entry.closed = true;
    this.ledger.events.push({
      event: { gateway: this.name, id: nextId(this.ledger, 'evt'), type: 'checkout.expired', ref },
      delivered: false,
    });
  }

  async refund(request: RefundRequest): Promise<RefundAnswer> {
    await this.scheduler.pause(`${this.name}.refund`);
    const entry = this.ledger.entries.get(request.ref);
    const fault = this.ledger.refundFaults.shift() ?? 'ok';
    if (fault === '500') throw new Error('gateway answered 500');
    if (!entry || entry.capturedPaise === 0) throw new RefundRefusedError('No such payment');
    if (fault === 'refused') throw new RefundRefusedError('The gateway refused the refund');
    const earlier = entry.refunds.find(
      (refund) => refund.refundId === request.refundId || refund.gatewayRef === request.gatewayRef,
    );
    const made = earlier ?? {
      refundId: request.refundId,
      gatewayRef: nextId(this.ledger, 're'),
      amountPaise: request.amountPaise,
    };
    if (!earlier) entry.refunds.push(made);
    if (fault === 'lost') {
      this.ledger.lostAnswers++;
      throw new Error('the refund answer was lost');
    }
    return { ref: made.gatewayRef };
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
   * (once, and not after the gateway closed it). Returns the event, or null.
   */
  capture(ref: string, amountPaise: number): GatewayEvent | null {
    const entry = this.entry(ref, amountPaise);
    if (entry.closed || entry.capturedPaise) return null;
    entry.capturedPaise = amountPaise;
    const event: GatewayEvent = {
      gateway: this.name,
      id: nextId(this.ledger, 'evt'),
      type: 'payment.succeeded',
      ref,
      amountPaise,
    };
    this.ledger.events.push({ event, delivered: false });
    return event;
  }
}
