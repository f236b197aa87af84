import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import {
  startStripeStandIn,
  type StandInSession,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, payments, users } from '../../db/schema.ts';

const WEBHOOK_SECRET = 'whsec_marquee_test_secret';
const signer = new Stripe('sk_test_signer_only');

let stripe: StripeStandIn;
let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let staff: SignedIn;
let showId: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_marquee',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_URL: 'https://tickets.example.com',
    },
  });
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Stripe Night' });
  showId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 2 * 86_400_000),
      pricePaise: 25_000,
    })
  ).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  staff = await signUp(t.app, { name: 'Staff' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function hold(who: SignedIn, seats: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
  return response;
}

async function holdOk(who: SignedIn, seats: string[]) {
  const response = await hold(who, seats);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ bookingId: string; url: string }>();
  const sessionId = body.url.split('/').pop()!;
  return { bookingId: body.bookingId, sessionId };
}

let eventCounter = 0;
function stripeEvent(type: string, session: StandInSession, id = `evt_test_${++eventCounter}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
  });
}

function deliver(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const bookingOf = async (id: string) => {
  const [row] = await t.testDb.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
};
const occupied = async () =>
  Object.keys(
    (await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${showId}` })).json<{
      occupiedSeats: object;
    }>().occupiedSeats,
  );

describe('Stripe Checkout', () => {
  it('opens a Checkout Session in rupees for the held seats and sends the buyer there', async () => {
    const response = await hold(asha, ['A1', 'A2']);
    expect(response.statusCode, response.body).toBe(200);
    const { url, bookingId } = response.json<{ url: string; bookingId: string }>();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(url.split('/').pop()!)!;
    expect(session).toMatchObject({
      currency: 'inr',
      amount_total: 50_000,
      client_reference_id: bookingId,
      metadata: { bookingId },
      success_url: 'https://tickets.example.com/loading?next_url=mybookings',
      cancel_url: 'https://tickets.example.com/mybookings',
    });
    expect(session.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
    const create = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(create?.idempotencyKey).toMatch(/^checkout-/);
    const [payment] = await t.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    expect(payment).toMatchObject({ gateway: 'stripe', gatewayRef: session.id, status: 'open' });
  });

  it('refuses webhooks without a valid signature', async () => {
    const { sessionId } = await holdOk(asha, ['B1']);
    const payload = stripeEvent('checkout.session.completed', stripe.complete(sessionId));
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, forged)).statusCode).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(payload, stale)).statusCode).toBe(400);
    const tampered = payload.replace('"paid"', '"unpaid"');
    const signedOriginal = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(tampered, signedOriginal)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('marks the booking paid once, whatever the order and number of deliveries', async () => {
    const { bookingId, sessionId } = await holdOk(asha, ['C1', 'C2']);
    const session = stripe.complete(sessionId);
    const completed = stripeEvent('checkout.session.completed', session);
    const first = await deliver(completed);
    expect(first.json()).toMatchObject({ success: true, outcome: 'paid' });
    expect((await deliver(completed)).json()).toMatchObject({ outcome: 'duplicate' });
    // A late "expired" for the same session cannot undo the payment.
    expect((await deliver(stripeEvent('checkout.session.expired', session))).json()).toMatchObject({
      outcome: 'expired',
    });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid' });
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers: asha.bearer })
    ).json();
    expect(view.booking).toMatchObject({ isPaid: true, status: 'paid', paymentLink: null });
  });

  it('ignores events that are not about a payment, and unpaid completions', async () => {
    const { bookingId, sessionId } = await holdOk(asha, ['D1']);
    const session = {
      ...stripe.sessions.get(sessionId)!,
      status: 'complete' as const,
      payment_status: 'unpaid' as const,
    };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect((await deliver(stripeEvent('customer.created', session))).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'pending' });
  });

  it('closes the session when the buyer cancels, and refunds a paid booking through Stripe', async () => {
    const pending = await holdOk(ravi, ['E1']);
    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${pending.bookingId}/cancel`,
      headers: ravi.bearer,
    });
    expect(stripe.sessions.get(pending.sessionId)?.status).toBe('expired');

    const paid = await holdOk(ravi, ['E2', 'E3']);
    const session = stripe.complete(paid.sessionId);
    await deliver(stripeEvent('checkout.session.completed', session));
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${paid.bookingId}/cancel`,
      headers: ravi.bearer,
    });
    expect(cancel.json().message).toBe('Booking cancelled. Your payment has been refunded.');
    expect(stripe.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 50_000 }),
    );
    // One key per refund: a retry of the same refund cannot pay twice.
    expect(
      stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')?.idempotencyKey,
    ).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(await occupied()).not.toContain('E2');
  });

  it('re-holds the seats of a payment that lands after the hold lapsed, when they are still free', async () => {
    const { bookingId, sessionId } = await holdOk(asha, ['F1']);
    t.clock.now = new Date(t.clock.now.getTime() + 601_000);
    // Another buyer's hold on the show releases the lapsed one and closes its session.
    await holdOk(ravi, ['F5']);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'expired' });
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    // Stripe had already taken the money before it saw the expiry.
    const session = {
      ...stripe.sessions.get(sessionId)!,
      status: 'complete' as const,
      payment_status: 'paid' as const,
    };
    stripe.sessions.set(sessionId, { ...session, payment_intent: 'pi_test_late_free' });
    const outcome = await deliver(stripeEvent('checkout.session.completed', stripe.sessions.get(sessionId)!));
    expect(outcome.json()).toMatchObject({ outcome: 'paid' });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid' });
    expect(await occupied()).toContain('F1');
  });

  it('refunds a late payment whose seats were taken meanwhile, and the buyer sees it', async () => {
    const { bookingId, sessionId } = await holdOk(asha, ['G1', 'G2']);
    t.clock.now = new Date(t.clock.now.getTime() + 601_000);
    await holdOk(ravi, ['G2']);
    const session = stripe.complete(sessionId);
    const outcome = await deliver(stripeEvent('checkout.session.completed', session));
    expect(outcome.json()).toMatchObject({ outcome: 'refund-due' });
    expect(stripe.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 50_000 }),
    );
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers: asha.bearer })
    ).json();
    expect(view.booking).toMatchObject({
      status: 'expired',
      isPaid: false,
      refund: { amount: 500, status: 'succeeded' },
    });
  });

  it('lets the seats go at once when Stripe cannot open a session', async () => {
    stripe.failNext(10);
    const response = await hold(asha, ['H1']);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/payment service is not answering/);
    expect(await occupied()).not.toContain('H1');
    stripe.failNext(0);
    expect((await hold(asha, ['H1'])).statusCode).toBe(200);
  });

  it('refunds paid bookings through Stripe when staff cancel the show', async () => {
    const paid = await holdOk(asha, ['H5']);
    const session = stripe.complete(paid.sessionId);
    await deliver(stripeEvent('checkout.session.completed', session));
    const open = await holdOk(ravi, ['H6']);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${showId}/cancel`,
      headers: staff.bearer,
    });
    expect(response.json()).toMatchObject({ success: true, refundedBookings: expect.any(Number) });
    expect(stripe.refunds.map((r) => r.payment_intent)).toContain(session.payment_intent);
    expect(stripe.sessions.get(open.sessionId)?.status).toBe('expired');
  });
});

describe('the expiry sweep with Stripe', () => {
  it('expires the Checkout Session within seconds of the hold lapsing', async () => {
    const sweepStripe = await startStripeStandIn();
    const s = await createTestApp({
      sweepIntervalMs: 50,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_sweep',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: sweepStripe.url,
      },
    });
    try {
      const { db } = s.testDb.database;
      const movie = await insertMovie(db, { title: 'Sweep' });
      const show = await insertShow(db, {
        movieId: movie.id,
        startsAt: new Date(s.clock.now.getTime() + 86_400_000),
      });
      const buyer = await signUp(s.app);
      const created = await s.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: buyer.bearer,
        payload: { showId: show.id, selectedSeats: ['A1'] },
      });
      const sessionId = created.json<{ url: string }>().url.split('/').pop()!;
      s.clock.now = new Date(s.clock.now.getTime() + 601_000);
      await expect.poll(() => sweepStripe.sessions.get(sessionId)?.status, { timeout: 3000 }).toBe('expired');
    } finally {
      await s.close();
      await sweepStripe.close();
    }
  });
});
