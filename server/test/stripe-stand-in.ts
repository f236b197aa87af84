import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the parts of Stripe's API the gateway uses (Checkout Sessions and
 * Refunds), so the real SDK can be exercised with no network. It speaks Stripe's wire format:
 * form-encoded requests, JSON answers, error envelopes, idempotency keys.
 */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Every call: method, path and the form fields as sent. */
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey?: string }[];
  refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[];
  /**
   * Makes the next n calls fail with a 500 api_error (an outage). With `afterApplying`, the next n
   * refund creations are carried out and then answer 500, and that 500 is what Stripe replays to
   * any retry with the same idempotency key (a lost answer).
   */
  failNext(n: number, options?: { afterApplying?: boolean }): void;
  /** What Stripe does when the buyer pays: the session completes with a payment intent. */
  complete(sessionId: string): StandInSession;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const requests: StripeStandIn['requests'] = [];
  const refunds: StripeStandIn['refunds'] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  let failures = 0;
  let lostAnswers = 0;

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    const invalid = (message: string) => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message } },
    });
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session: StandInSession = {
        id: id('cs'),
        object: 'checkout.session',
        url: '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total:
          Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]']),
        currency: form['line_items[0][price_data][currency]'] ?? '',
        expires_at: Number(form.expires_at),
        client_reference_id: form.client_reference_id ?? null,
        metadata: {
          paymentId: form['metadata[paymentId]'] ?? '',
          bookingId: form['metadata[bookingId]'] ?? '',
        },
        payment_intent: null,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      const minimum = Math.floor(Date.now() / 1000) + 30 * 60;
      if (!(session.expires_at >= minimum)) return invalid('expires_at must be at least 30 minutes from now');
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } },
        };
      if (method === 'GET' && !sessionPath[2]) return { status: 200, body: session };
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open')
          return invalid(`Only open sessions can be expired; this one is ${session.status}`);
        session.status = 'expired';
        session.url = null;
        return { status: 200, body: session };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.payment_intent;
      const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      if (!paymentIntent || !paid) return invalid('No such payment_intent');
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice(9, -1), value]),
      );
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount: Number(form.amount),
        status: 'succeeded',
        metadata,
      };
      refunds.push(refund);
      if (lostAnswers > 0) {
        lostAnswers--;
        return { status: 500, body: { error: { type: 'api_error', message: 'Stand-in lost the answer' } } };
      }
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = refunds.filter((refund) => refund.payment_intent === form.payment_intent);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey });
      let answer: { status: number; body: unknown };
      if (failures > 0) {
        failures--;
        answer = { status: 500, body: { error: { type: 'api_error', message: 'Stand-in outage' } } };
      } else if (idempotencyKey && replays.has(`${req.method} ${url.pathname} ${idempotencyKey}`)) {
        answer = replays.get(`${req.method} ${url.pathname} ${idempotencyKey}`)!;
      } else {
        answer = route(req.method ?? '', url.pathname, form);
        // Stripe replays a key's first answer, a 500 included, once the request reached it.
        if (idempotencyKey) replays.set(`${req.method} ${url.pathname} ${idempotencyKey}`, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds,
    failNext(n, options) {
      if (options?.afterApplying) lostAnswers = n;
      else failures = n;
    },
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
      return session;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
