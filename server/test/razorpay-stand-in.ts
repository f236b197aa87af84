import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the parts of Razorpay the app uses: the Orders, Payments and Refunds
 * API (Basic auth, JSON, Razorpay's error envelope, `X-Refund-Idempotency`), signed webhooks, and
 * a Checkout script (`/v1/checkout.js`) that "pays" in the browser: its dialog pays (the handler
 * gets a correctly signed answer), fails (`payment.failed`), or is closed (`ondismiss`).
 */
export interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
}
export interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  amount_refunded: number;
  error_description: string | null;
}
export interface StandInRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
}

export interface RazorpayStandInOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
}

export interface RazorpayStandIn {
  url: string;
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  refunds: StandInRefund[];
  requests: { method: string; path: string; body: unknown; headers: http.IncomingHttpHeaders }[];
  /**
   * The next n API calls answer 500 without doing anything (an outage). With `afterApplying`, the
   * next n refund creations are made and then answer 500 (a lost answer).
   */
  failNext(n: number, options?: { afterApplying?: boolean }): void;
  /** The status new refunds get: `processed` (at once) or `pending` (settled later). */
  refundStatus: 'processed' | 'pending';
  /** A buyer pays the order in Checkout: an authorised payment (or captured, as auto-capture does). */
  pay(orderId: string, options?: { capture?: boolean }): { payment: StandInPayment; answer: CheckoutAnswer };
  /** Razorpay settles a pending refund. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): StandInRefund;
  /** A webhook delivery as Razorpay signs it: the raw body and its headers. */
  webhook(
    event: string,
    payload: Record<string, unknown>,
    options?: { eventId?: string; secret?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export type CheckoutAnswer = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

export async function startRazorpayStandIn(options: RazorpayStandInOptions = {}): Promise<RazorpayStandIn> {
  const keyId = options.keyId ?? 'rzp_test_marquee';
  const keySecret = options.keySecret ?? 'rzp_secret_marquee';
  const webhookSecret = options.webhookSecret ?? 'rzp_webhook_marquee';
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds: StandInRefund[] = [];
  const requests: RazorpayStandIn['requests'] = [];
  const byIdempotency = new Map<string, StandInRefund>();
  let failures = 0;
  let lostAnswers = 0;

  const error = (status: number, description: string) => ({
    status,
    body: { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description } },
  });
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');

  function pay(orderId: string, { capture = false } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment: StandInPayment = {
      id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: capture ? 'captured' : 'authorized',
      order_id: order.id,
      amount_refunded: 0,
      error_description: null,
    };
    payments.set(payment.id, payment);
    order.status = capture ? 'paid' : 'attempted';
    if (capture) order.amount_paid = order.amount;
    return {
      payment,
      answer: {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: sign(order.id, payment.id),
      },
    };
  }

  function api(
    method: string,
    path: string,
    body: Record<string, unknown>,
    headers: http.IncomingHttpHeaders,
  ): { status: number; body: unknown } {
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (headers.authorization !== expected) return error(401, 'The api key provided is invalid');
    if (method === 'POST' && path === '/v1/orders') {
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100)
        return error(400, 'The amount must be atleast INR 1.00');
      if (body.currency !== 'INR') return error(400, 'Currency is not supported');
      const order: StandInOrder = {
        id: id('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        currency: 'INR',
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        status: 'created',
        notes: (body.notes as Record<string, string>) ?? {},
      };
      orders.set(order.id, order);
      return { status: 200, body: order };
    }
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && orderPayments) {
      if (!orders.has(orderPayments[1]!)) return error(400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === orderPayments[1]);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)(?:\/(capture|refund|refunds))?$/.exec(path);
    if (paymentPath) {
      const payment = payments.get(paymentPath[1]!);
      if (!payment) return error(400, 'The id provided does not exist');
      const action = paymentPath[2];
      if (method === 'GET' && !action) return { status: 200, body: payment };
      if (method === 'POST' && action === 'capture') {
        if (payment.status !== 'authorized') return error(400, 'This payment has already been captured');
        if (body.amount !== payment.amount)
          return error(400, 'Capture amount must be equal to the amount authorized');
        payment.status = 'captured';
        const order = payment.order_id ? orders.get(payment.order_id) : undefined;
        if (order) {
          order.status = 'paid';
          order.amount_paid = order.amount;
        }
        return { status: 200, body: payment };
      }
      if (method === 'GET' && action === 'refunds') {
        const items = refunds.filter((r) => r.payment_id === payment.id);
        return { status: 200, body: { entity: 'collection', count: items.length, items } };
      }
      if (method === 'POST' && action === 'refund') {
        const key = headers['x-refund-idempotency'];
        const repeat = typeof key === 'string' ? byIdempotency.get(`${payment.id} ${key}`) : undefined;
        if (repeat) return { status: 200, body: repeat };
        if (payment.status !== 'captured') return error(400, 'The payment has not been captured');
        const amount = body.amount as number;
        const live = refunds.filter((r) => r.payment_id === payment.id && r.status !== 'failed');
        const already = live.reduce((sum, r) => sum + r.amount, 0);
        if (!Number.isInteger(amount) || amount < 1 || already + amount > payment.amount)
          return error(400, 'The refund amount provided is greater than amount captured');
        const refund: StandInRefund = {
          id: id('rfnd'),
          entity: 'refund',
          amount,
          payment_id: payment.id,
          status: stand.refundStatus,
          notes: (body.notes as Record<string, string>) ?? {},
        };
        refunds.push(refund);
        payment.amount_refunded = already + amount;
        if (typeof key === 'string') byIdempotency.set(`${payment.id} ${key}`, refund);
        if (lostAnswers > 0) {
          lostAnswers--;
          return error(500, 'Stand-in lost the answer');
        }
        return { status: 200, body: refund };
      }
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const refund = refunds.find((r) => r.id === refundPath[1]);
      return refund ? { status: 200, body: refund } : error(400, 'The id provided does not exist');
    }
    return error(404, `The requested URL was not found on the server (${method} ${path})`);
  }

  /** Checkout's own calls from the browser (no key secret there: the stand-in signs as Razorpay). */
  function checkout(path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const order = typeof body.order_id === 'string' ? orders.get(body.order_id) : undefined;
    if (!order || body.key !== keyId) return error(400, 'Invalid order or key');
    if (path === '/checkout/pay') return { status: 200, body: pay(order.id).answer };
    if (path === '/checkout/fail') {
      const payment: StandInPayment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: 'failed',
        order_id: order.id,
        amount_refunded: 0,
        error_description: 'Your payment was declined by the bank',
      };
      payments.set(payment.id, payment);
      return {
        status: 200,
        body: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: payment.error_description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        },
      };
    }
    return error(404, 'Not found');
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      if (req.method === 'GET' && url.pathname === '/v1/checkout.js') {
        res.writeHead(200, { 'content-type': 'text/javascript', ...cors });
        res.end(checkoutScript);
        return;
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST' });
        res.end();
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      let answer: { status: number; body: unknown };
      if (url.pathname.startsWith('/checkout/')) {
        answer = checkout(url.pathname, body);
      } else {
        requests.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
        if (failures > 0) {
          failures--;
          answer = error(500, 'Stand-in outage');
        } else {
          answer = api(req.method ?? '', url.pathname, body, req.headers);
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...cors });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const stand: RazorpayStandIn = {
    url: base,
    checkoutUrl: `${base}/v1/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    requests,
    refundStatus: 'processed',
    failNext(n, failOptions) {
      if (failOptions?.afterApplying) lostAnswers = n;
      else failures = n;
    },
    pay,
    settleRefund(refundId, status) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      return refund;
    },
    webhook(event, payload, webhookOptions = {}) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_standin',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      const signature = createHmac('sha256', webhookOptions.secret ?? webhookSecret)
        .update(body)
        .digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': webhookOptions.eventId ?? id('evt'),
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return stand;
}

/**
 * The stand-in's Checkout: `new Razorpay(options).open()` shows a dialog with the order's
 * amount, the cinema's name and the buyer's prefilled details, and three buttons a test (or a
 * person) uses: Pay, Fail payment, Close. Like Razorpay's, it calls `handler` with the signed
 * answer, `on('payment.failed')` listeners with `{error}`, and `modal.ondismiss` when closed.
 */
const checkoutScript = String.raw`(() => {
  const origin = new URL(document.currentScript.src).origin;
  class Razorpay {
    constructor(options) { this.options = options; this.listeners = {}; }
    on(event, callback) { (this.listeners[event] ||= []).push(callback); }
    open() {
      const o = this.options;
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Razorpay Checkout');
      dialog.style.cssText = 'position:fixed;inset:20% 10%;z-index:9999;background:#fff;color:#111;border:2px solid #333;padding:16px';
      const line = (text) => { const p = document.createElement('p'); p.textContent = text; dialog.append(p); };
      line(o.name + ': ' + (o.amount / 100).toFixed(2) + ' ' + o.currency);
      line('Paying as ' + (o.prefill && o.prefill.name) + ' <' + (o.prefill && o.prefill.email) + '>');
      const status = document.createElement('p'); status.setAttribute('role', 'status'); dialog.append(status);
      const close = () => { clearTimeout(timer); dialog.remove(); };
      const dismiss = () => { close(); o.modal && o.modal.ondismiss && o.modal.ondismiss(); };
      const timer = o.timeout ? setTimeout(dismiss, o.timeout * 1000) : undefined;
      const call = (path) => fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: o.key, order_id: o.order_id }) }).then((r) => r.json());
      const button = (label, onClick) => { const b = document.createElement('button'); b.type = 'button';
        b.textContent = label; b.addEventListener('click', onClick); dialog.append(b); return b; };
      button('Pay', async () => { const answer = await call('/checkout/pay'); close(); o.handler(answer); });
      button('Fail payment', async () => { const failed = await call('/checkout/fail');
        status.textContent = failed.error.description;
        (this.listeners['payment.failed'] || []).forEach((callback) => callback(failed)); });
      button('Close', dismiss);
      document.body.append(dialog);
      dialog.querySelector('button').focus();
    }
  }
  window.Razorpay = Razorpay;
})();
`;
