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
import { auditLog, refunds, users } from '../../db/schema.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { findDiscrepancies } from './reconcile.ts';
import { carryOutRefunds, REFUND_LEASE_MS } from './refund-worker.ts';

// Defects 4 and 5 of issue 10: refunds are an outbox the worker drains until Stripe confirms,
// without refunding twice, and a paid session that matches no booking is refunded and audited.

const WEBHOOK_SECRET = 'whsec_refund_worker_test';
const signer = new Stripe('sk_test_signer_only');
let stripe: StripeStandIn;
let t: TestApp;
let asha: SignedIn;
let staff: SignedIn;
let showId: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_marquee',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Refund Worker' });
  showId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 2 * 86_400_000),
      pricePaise: 25_000,
    })
  ).id;
  asha = await signUp(t.app, { name: 'Asha' });
  staff = await signUp(t.app, { name: 'Staff' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const db = () => t.testDb.database.db;
const deps = () => ({ db: db(), gateways: t.app.deps.gateways, clock: () => t.clock.now, log: t.app.log });
let eventCounter = 0;
function deliver(session: StandInSession) {
  const payload = JSON.stringify({
    id: `evt_refund_${++eventCounter}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    data: { object: session },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}
async function paidBooking(seat: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: asha.bearer,
    payload: { showId, selectedSeats: [seat] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { bookingId, url } = response.json<{ bookingId: string; url: string }>();
  const session = stripe.complete(url.split('/').pop()!);
  expect((await deliver(session)).json()).toMatchObject({ outcome: 'paid' });
  return { bookingId, session };
}
const refundsAtStripe = (session: StandInSession) =>
  stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent);
const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const cancel = (bookingId: string) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${bookingId}/cancel`, headers: asha.bearer });
async function refundOf(bookingId: string) {
  const view = await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers: asha.bearer });
  return view.json().booking.refund as { status: string; amount: number } | null;
}

describe('the refund outbox', () => {
  it('retries a refund the gateway failed, with backoff, until it is confirmed', async () => {
    const { bookingId, session } = await paidBooking('A1');
    stripe.failNext(3); // the session lookup and the SDK's two retries
    const response = await cancel(bookingId);
    expect(response.json().message).toBe('Booking cancelled. Your refund is being processed.');
    expect(await refundOf(bookingId)).toMatchObject({ status: 'pending', amount: 250 });

    const staffView = await t.app.inject({
      method: 'GET',
      url: '/api/admin/refunds?status=pending',
      headers: staff.bearer,
    });
    expect(staffView.json().refunds[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(staffView.json().refunds[0].lastError).toMatch(/outage/i);

    // Not due yet: the backoff holds it back.
    expect(await carryOutRefunds(deps())).toEqual([]);
    later(31_000);
    expect(await carryOutRefunds(deps())).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await refundOf(bookingId)).toMatchObject({ status: 'succeeded' });
    expect(refundsAtStripe(session)).toHaveLength(1);
  });

  it('asks Stripe before retrying after a lost answer, so the money goes back once', async () => {
    const { bookingId, session } = await paidBooking('A2');
    // Stripe refunds, then the answer is lost: a 500 it replays to the same idempotency key.
    stripe.failNext(1, { afterApplying: true });
    await cancel(bookingId);
    expect(await refundOf(bookingId)).toMatchObject({ status: 'pending' });
    expect(refundsAtStripe(session)).toHaveLength(1);
    const [row] = await db().select().from(refunds).where(eq(refunds.paymentRef, session.id));
    expect(row!.idempotencyKey).not.toBe(`refund-${row!.id}`); // a new key after the error

    later(60_000);
    await carryOutRefunds(deps());
    expect(await refundOf(bookingId)).toMatchObject({ status: 'succeeded' });
    expect(refundsAtStripe(session)).toHaveLength(1);
  });

  it('carries out a refund recorded before a crash, once, whichever processes try', async () => {
    const { bookingId, session } = await paidBooking('A3');
    // The cancel committed; the process died before calling the gateway.
    const outcome = await cancelBooking({
      db: db(),
      bookingId,
      actor: { id: asha.userId, isStaff: false },
      now: t.clock.now,
    });
    expect(outcome.refundId).toBeDefined();
    // Two processes' workers wake at once: each refund is claimed by one.
    const [first, second] = await Promise.all([carryOutRefunds(deps()), carryOutRefunds(deps())]);
    expect([...first!, ...second!].filter((result) => result.id === outcome.refundId)).toHaveLength(1);
    expect(await refundOf(bookingId)).toMatchObject({ status: 'succeeded' });
    expect(refundsAtStripe(session)).toHaveLength(1);
  });

  it('leaves a claimed refund alone until its lease runs out', async () => {
    const { bookingId } = await paidBooking('A4');
    const outcome = await cancelBooking({
      db: db(),
      bookingId,
      actor: { id: asha.userId, isStaff: false },
      now: t.clock.now,
    });
    const now = t.clock.now;
    await db()
      .update(refunds)
      .set({ nextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS), attempts: 1 })
      .where(eq(refunds.id, outcome.refundId!));
    expect(await carryOutRefunds(deps())).toEqual([]);
    later(REFUND_LEASE_MS + 1_000);
    expect(await carryOutRefunds(deps())).toEqual([{ id: outcome.refundId, status: 'succeeded' }]);
  });

  it('marks a refund the gateway refuses as failed with its reason, and staff can retry it', async () => {
    const { bookingId, session } = await paidBooking('A5');
    // The session lost its payment intent at Stripe: nothing to refund, whatever the retries.
    const intent = session.payment_intent;
    session.payment_intent = null;
    await cancel(bookingId);
    expect(await refundOf(bookingId)).toMatchObject({ status: 'failed' });
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/refunds?status=failed',
      headers: staff.bearer,
    });
    const refund = failed.json().refunds.find((r: { paymentRef: string }) => r.paymentRef === session.id);
    expect(refund.lastError).toMatch(/no payment to refund/);
    later(3_600_000);
    expect(await carryOutRefunds(deps())).toEqual([]); // failed waits for staff

    session.payment_intent = intent;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/refunds/${refund._id}/retry`,
          headers: asha.bearer,
        })
      ).statusCode,
    ).toBe(403);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refund._id}/retry`,
      headers: staff.bearer,
    });
    expect(retried.json()).toMatchObject({ success: true, status: 'succeeded' });
    expect(await refundOf(bookingId)).toMatchObject({ status: 'succeeded' });
    // Who retried it is recorded; a second retry changes nothing and is not recorded again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refund._id}/retry`,
      headers: staff.bearer,
    });
    expect(again.json()).toMatchObject({ success: true, status: 'succeeded' });
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, refund._id))).toEqual([
      expect.objectContaining({
        action: 'refund.retry',
        actorId: staff.userId,
        details: { status: 'failed' },
      }),
    ]);
  });

  it('refunds a paid session that matches no booking, and records it in the audit log', async () => {
    const sdk = new Stripe('sk_test_marquee', {
      host: '127.0.0.1',
      port: new URL(stripe.url).port,
      protocol: 'http',
    });
    const stray = await sdk.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'inr', unit_amount: 9_900, product_data: { name: 'x' } } },
      ],
      expires_at: Math.floor(Date.now() / 1000) + 3_600,
      success_url: 'https://example.com',
      cancel_url: 'https://example.com',
    });
    const session = stripe.complete(stray.id);
    expect((await deliver(session)).json()).toMatchObject({ outcome: 'unmatched-refund-due' });
    expect(refundsAtStripe(session)).toEqual([expect.objectContaining({ amount: 9_900 })]);
    const [row] = await db().select().from(refunds).where(eq(refunds.paymentRef, stray.id));
    expect(row).toMatchObject({ paymentId: null, status: 'succeeded', gateway: 'stripe' });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, stray.id));
    expect(audit[0]!.details).toMatchObject({ outcome: 'unmatched-refund-due' });
  });

  it('leaves nothing for reconciliation to find', async () => {
    expect(await findDiscrepancies({ db: db(), now: t.clock.now })).toEqual([]);
  });
});
