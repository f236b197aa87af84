import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../../test/razorpay-stand-in.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, payments, refunds } from '../../db/schema.ts';
import { findDiscrepancies } from './reconcile.ts';
import { carryOutRefunds, retryRefund } from './refund-worker.ts';

let rzp: RazorpayStandIn;
let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let showId: string;

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApp({
    env: {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: rzp.keyId,
      RAZORPAY_KEY_SECRET: rzp.keySecret,
      RAZORPAY_WEBHOOK_SECRET: rzp.webhookSecret,
      RAZORPAY_API_URL: rzp.url,
      RAZORPAY_CHECKOUT_URL: rzp.checkoutUrl,
      PUBLIC_URL: 'https://tickets.example.in',
      CINEMA_NAME: 'Marquee Bengaluru',
    },
  });
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Razorpay Night' });
  showId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 2 * 86_400_000),
      pricePaise: 25_000,
    })
  ).id;
  asha = await signUp(t.app, { name: 'Asha', email: `asha-${Date.now()}@example.in` });
  ravi = await signUp(t.app, { name: 'Ravi' });
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});

const db = () => t.testDb.database.db;
const refundDeps = () => ({
  db: db(),
  gateways: t.app.deps.gateways,
  clock: () => t.clock.now,
  log: t.app.log,
});

function hold(who: SignedIn, seats: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
}

async function holdOk(who: SignedIn, seats: string[]) {
  const response = await hold(who, seats);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ bookingId: string; url: string }>();
  const [payment] = await db().select().from(payments).where(eq(payments.bookingId, body.bookingId));
  return { bookingId: body.bookingId, url: body.url, paymentId: payment!.id, orderId: payment!.gatewayRef };
}

function verify(who: SignedIn, answer: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/verify',
    headers: who.bearer,
    payload: answer,
  });
}

function deliver(delivery: { body: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/razorpay',
    headers: delivery.headers,
    payload: delivery.body,
  });
}

const captured = (paymentId: string) => ({ payment: { entity: rzp.payments.get(paymentId)! } });
const bookingOf = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundOf = async (paymentId: string) =>
  (await db().select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0];
const occupied = async () =>
  Object.keys(
    (await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${showId}` })).json<{
      occupiedSeats: object;
    }>().occupiedSeats,
  );
const lapse = () => (t.clock.now = new Date(t.clock.now.getTime() + 601_000));

describe('Razorpay orders and Checkout', () => {
  it('opens one order per hold in paise, with the reference as receipt, and pays on the app’s own page', async () => {
    const response = await hold(asha, ['A1', 'A2']);
    expect(response.statusCode, response.body).toBe(200);
    const { url, bookingId, booking } = response.json<{
      url: string;
      bookingId: string;
      booking: { reference: string };
    }>();
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(url).toBe(`https://tickets.example.in/pay/${payment!.id}`);
    expect(rzp.orders.get(payment!.gatewayRef)).toMatchObject({
      amount: 50_000,
      currency: 'INR',
      receipt: booking.reference,
      notes: { bookingId },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment!.id}`,
      headers: asha.bearer,
    });
    expect(page.json()).toMatchObject({
      payment: { gateway: 'razorpay', amount: 500, isPayable: true },
      razorpay: {
        keyId: rzp.keyId,
        orderId: payment!.gatewayRef,
        amountPaise: 50_000,
        currency: 'INR',
        checkoutUrl: rzp.checkoutUrl,
        cinemaName: 'Marquee Bengaluru',
        prefill: { name: 'Asha', email: expect.stringMatching(/^asha-/) },
      },
    });
  });

  it('lets the seats go and says so in words when Razorpay will not open an order (never a 5xx)', async () => {
    rzp.failNext(1);
    const response = await hold(asha, ['B1']);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: 'Payment could not be started, please try again',
    });
    expect(await occupied()).not.toContain('B1');
    expect((await hold(asha, ['B1'])).statusCode).toBe(200);
  });

  it('allows Razorpay’s origins in the CSP only while Razorpay is configured', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const origin = new URL(rzp.url).origin;
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${origin}`);
    const plain = await createTestApp({ testDb: t.testDb });
    try {
      const csp = String(
        (await plain.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(csp).not.toContain(origin);
      expect(csp).toContain("script-src 'self';");
    } finally {
      await plain.app.close();
    }
  });
});

describe('POST /api/payments/razorpay/verify', () => {
  it('refuses a wrong signature, another order’s signature and another buyer, changing nothing', async () => {
    const mine = await holdOk(asha, ['C1']);
    const other = await holdOk(asha, ['C2']);
    const { answer } = rzp.pay(mine.orderId);
    const refused = { success: false, message: 'Payment could not be verified' };
    const forged = await verify(asha, { ...answer, razorpay_signature: 'f'.repeat(64) });
    expect([forged.statusCode, forged.json()]).toEqual([400, refused]);
    // A payment signed for one order presented for another.
    const swapped = await verify(asha, { ...answer, razorpay_order_id: other.orderId });
    expect([swapped.statusCode, swapped.json()]).toEqual([400, refused]);
    const missing = await verify(asha, { razorpay_order_id: mine.orderId });
    expect(missing.statusCode).toBe(400);
    expect((await verify(ravi, answer)).statusCode).toBe(403);
    expect(await bookingOf(mine.bookingId)).toMatchObject({ status: 'pending' });
    expect(rzp.payments.get(answer.razorpay_payment_id)?.status).toBe('authorized');
  });

  it('captures an authorised payment and settles the booking once, however often it is called', async () => {
    const { bookingId, orderId } = await holdOk(asha, ['C5', 'C6']);
    const { answer } = rzp.pay(orderId);
    const first = await verify(asha, answer);
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { success: true, message: 'Payment successful', status: 'paid' },
    ]);
    expect(rzp.payments.get(answer.razorpay_payment_id)?.status).toBe('captured');
    expect((await verify(asha, answer)).statusCode).toBe(200);
    expect(rzp.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid' });
  });

  it('refunds a payment verified after its seats were taken, and says why', async () => {
    const { bookingId, orderId, paymentId } = await holdOk(asha, ['D1', 'D2']);
    lapse();
    await holdOk(ravi, ['D2']);
    const { answer } = rzp.pay(orderId);
    const late = await verify(asha, answer);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Some of the seats were taken after the payment window closed. Your payment has been refunded.',
    );
    const made = rzp.refunds.filter((r) => r.payment_id === answer.razorpay_payment_id);
    expect(made).toEqual([expect.objectContaining({ amount: 50_000, status: 'processed' })]);
    const refund = await refundOf(paymentId);
    expect(refund).toMatchObject({ status: 'succeeded', gatewayRef: made[0]!.id });
    const create = rzp.requests.find((r) => r.path.endsWith('/refund'));
    expect(create?.headers['x-refund-idempotency']).toBe(`${refund!.id}-0`);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'expired' });
  });
});

describe('the Razorpay webhook', () => {
  it('refuses a missing or wrong signature and a tampered body', async () => {
    const { bookingId, orderId } = await holdOk(asha, ['E1']);
    const { payment } = rzp.pay(orderId, { capture: true });
    const delivery = rzp.webhook('payment.captured', captured(payment.id));
    const { 'x-razorpay-signature': _, ...unsigned } = delivery.headers;
    expect((await deliver({ body: delivery.body, headers: unsigned })).statusCode).toBe(400);
    const forged = rzp.webhook('payment.captured', captured(payment.id), { secret: 'someone-else' });
    expect((await deliver(forged)).statusCode).toBe(400);
    const tampered = { ...delivery, body: delivery.body.replace('"captured"', '"authorized"') };
    expect((await deliver(tampered)).statusCode).toBe(400);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'pending' });
  });

  it('settles once with payment.captured and order.paid in any order, repeats changing nothing', async () => {
    const { bookingId, orderId } = await holdOk(asha, ['E3']);
    const { payment } = rzp.pay(orderId, { capture: true });
    const order = rzp.orders.get(orderId)!;
    const paid = rzp.webhook('order.paid', { ...captured(payment.id), order: { entity: order } });
    expect((await deliver(paid)).json()).toMatchObject({ success: true, outcome: 'paid' });
    expect((await deliver(paid)).json()).toMatchObject({ outcome: 'duplicate' });
    const capturedEvent = rzp.webhook('payment.captured', captured(payment.id));
    expect((await deliver(capturedEvent)).json()).toMatchObject({ outcome: 'already-settled' });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid' });
  });

  it('pays a booking once when verify and the webhook race', async () => {
    const { bookingId, orderId, paymentId } = await holdOk(ravi, ['E5']);
    const { answer } = rzp.pay(orderId);
    const delivery = () => rzp.webhook('payment.captured', captured(answer.razorpay_payment_id));
    rzp.payments.get(answer.razorpay_payment_id)!.status = 'captured';
    const results = await Promise.all([verify(ravi, answer), deliver(delivery()), deliver(delivery())]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const outcomes = results.slice(1).map((r) => r.json<{ outcome: string }>().outcome);
    expect(outcomes.filter((o) => o === 'paid').length).toBeLessThanOrEqual(1);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid' });
    expect(await refundOf(paymentId)).toBeUndefined();
  });

  it('leaves the hold as it is on payment.failed', async () => {
    const { bookingId, orderId } = await holdOk(asha, ['E7']);
    const failed = rzp.webhook('payment.failed', {
      payment: { entity: { id: 'pay_failed1', amount: 25_000, order_id: orderId, status: 'failed' } },
    });
    expect((await deliver(failed)).json()).toMatchObject({ outcome: 'ignored' });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'pending' });
    expect(await occupied()).toContain('E7');
  });

  it('re-holds the seats of a late authorisation captured after the window, when they are free', async () => {
    const { bookingId, orderId } = await holdOk(asha, ['F1']);
    lapse();
    await holdOk(ravi, ['F9']);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'expired' });
    const { payment } = rzp.pay(orderId, { capture: true });
    expect((await deliver(rzp.webhook('payment.captured', captured(payment.id)))).json()).toMatchObject({
      outcome: 'paid',
    });
    expect(await occupied()).toContain('F1');
  });

  it('captures a payment Razorpay holds authorised when the buyer’s page never came back', async () => {
    const { bookingId, orderId } = await holdOk(asha, ['H1']);
    const { payment, answer } = rzp.pay(orderId);
    const authorised = rzp.webhook('payment.authorized', captured(payment.id));
    expect((await deliver(authorised)).json()).toMatchObject({ outcome: 'paid' });
    expect(rzp.payments.get(payment.id)?.status).toBe('captured');
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    // The page coming back after all changes nothing: one capture, one settlement.
    expect((await verify(asha, answer)).statusCode).toBe(200);
    expect(rzp.requests.filter((r) => r.path === `/v1/payments/${payment.id}/capture`)).toHaveLength(1);
  });

  it('keeps one payment of an order: a second is not captured, or given back if it was', async () => {
    const { bookingId, orderId, paymentId } = await holdOk(ravi, ['H3', 'H4']);
    const first = rzp.pay(orderId);
    expect((await verify(ravi, first.answer)).statusCode).toBe(200);

    // Authorised in another tab: not captured, by the page or by the webhook; Razorpay gives it back.
    const second = rzp.pay(orderId);
    const refused = await verify(ravi, second.answer);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This booking is already paid by another payment. This one was not taken: Razorpay gives it back to you.',
    ]);
    const authorised = rzp.webhook('payment.authorized', captured(second.payment.id));
    expect((await deliver(authorised)).json()).toMatchObject({ outcome: 'ignored' });
    expect(rzp.payments.get(second.payment.id)?.status).toBe('authorized');

    // Captured by Razorpay itself (an account that captures automatically): refunded, once.
    const third = rzp.pay(orderId, { capture: true });
    const capturedEvent = rzp.webhook('payment.captured', captured(third.payment.id));
    expect((await deliver(capturedEvent)).json()).toMatchObject({ outcome: 'refund-due' });
    const orderPaid = rzp.webhook('order.paid', {
      ...captured(third.payment.id),
      order: { entity: rzp.orders.get(orderId)! },
    });
    await deliver(orderPaid);
    expect(rzp.refunds.filter((r) => r.payment_id === third.payment.id)).toEqual([
      expect.objectContaining({ amount: 50_000, status: 'processed' }),
    ]);
    // The booking keeps its seats and the payment that settled it.
    expect(rzp.refunds.filter((r) => r.payment_id === first.payment.id)).toEqual([]);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid' });
    expect(await refundOf(paymentId)).toBeUndefined();
  });

  it('never takes a payment of another amount as the booking’s: it is given back and the hold stays', async () => {
    const { bookingId, orderId, paymentId } = await holdOk(asha, ['B5']);
    // An account that captures by itself, and a payment of ₹1 where the order was ₹250.
    const { payment } = rzp.pay(orderId, { capture: true });
    payment.amount = 100;
    const answer = await deliver(rzp.webhook('payment.captured', captured(payment.id)));
    expect(answer.json()).toMatchObject({ outcome: 'refund-due' });
    // Told again as the order paid: the same money, given back once.
    const orderPaid = rzp.webhook('order.paid', {
      ...captured(payment.id),
      order: { entity: rzp.orders.get(orderId)! },
    });
    expect((await deliver(orderPaid)).json()).toMatchObject({ outcome: 'refund-due' });
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'pending' });
    expect(await db().select().from(payments).where(eq(payments.id, paymentId))).toEqual([
      expect.objectContaining({ status: 'open', settledBy: null }),
    ]);
    await carryOutRefunds(refundDeps());
    expect(rzp.refunds.filter((r) => r.payment_id === payment.id)).toEqual([
      expect.objectContaining({ amount: 100, status: 'processed' }),
    ]);
    expect(await occupied()).toContain('B5');
  });

  it('refunds a captured payment that matches no booking', async () => {
    const order = { id: 'order_unknown1', amount: 30_000, currency: 'INR' };
    rzp.orders.set(order.id, {
      ...order,
      entity: 'order',
      amount_paid: 0,
      receipt: null,
      status: 'created',
      notes: {},
    });
    const { payment } = rzp.pay(order.id, { capture: true });
    const answer = await deliver(rzp.webhook('payment.captured', captured(payment.id)));
    expect(answer.json()).toMatchObject({ outcome: 'unmatched-refund-due' });
    expect(rzp.refunds).toContainEqual(expect.objectContaining({ payment_id: payment.id, amount: 30_000 }));
    const [row] = await db().select().from(refunds).where(eq(refunds.paymentRef, order.id));
    expect(row).toMatchObject({ status: 'succeeded', gateway: 'razorpay' });
  });
});

describe('Razorpay refunds', () => {
  async function paidBooking(seat: string) {
    const booked = await holdOk(asha, [seat]);
    const { answer } = rzp.pay(booked.orderId);
    expect((await verify(asha, answer)).statusCode).toBe(200);
    return { ...booked, razorpayPaymentId: answer.razorpay_payment_id };
  }
  const cancel = (bookingId: string) =>
    t.app.inject({ method: 'PUT', url: `/api/bookings/${bookingId}/cancel`, headers: asha.bearer });

  it('makes a refund once when its answer was lost, repeating the same idempotency key', async () => {
    const booked = await paidBooking('G1');
    rzp.failNext(1, { afterApplying: true });
    await cancel(booked.bookingId);
    const refund = (await refundOf(booked.paymentId))!;
    expect(refund.status).toBe('pending');
    t.clock.now = new Date(refund.nextAttemptAt!.getTime() + 1);
    await carryOutRefunds(refundDeps());
    expect(await refundOf(booked.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(rzp.refunds.filter((r) => r.payment_id === booked.razorpayPaymentId)).toHaveLength(1);
    const keys = rzp.requests
      .filter((r) => r.path === `/v1/payments/${booked.razorpayPaymentId}/refund`)
      .map((r) => r.headers['x-refund-idempotency']);
    expect(keys).toEqual([`${refund.id}-0`]);
  });

  it('retries after an outage and polls a pending refund until Razorpay processes it', async () => {
    const booked = await paidBooking('G3');
    rzp.refundStatus = 'pending';
    try {
      rzp.failNext(1);
      await cancel(booked.bookingId);
      let refund = (await refundOf(booked.paymentId))!;
      expect(refund).toMatchObject({ status: 'pending', gatewayRef: null });
      t.clock.now = new Date(refund.nextAttemptAt!.getTime() + 1);
      await carryOutRefunds(refundDeps());
      refund = (await refundOf(booked.paymentId))!;
      expect(refund).toMatchObject({ status: 'pending', gatewayRef: expect.stringMatching(/^rfnd_/) });
      rzp.settleRefund(refund.gatewayRef!, 'processed');
      t.clock.now = new Date(refund.nextAttemptAt!.getTime() + 1);
      await carryOutRefunds(refundDeps());
      expect(await refundOf(booked.paymentId)).toMatchObject({ status: 'succeeded' });
      expect(rzp.refunds.filter((r) => r.payment_id === booked.razorpayPaymentId)).toHaveLength(1);
    } finally {
      rzp.refundStatus = 'processed';
    }
  });

  it('settles refunds from refund.processed and refund.failed, once; staff retry a failed one', async () => {
    rzp.refundStatus = 'pending';
    try {
      const one = await paidBooking('G5');
      const two = await paidBooking('G6');
      await cancel(one.bookingId);
      await cancel(two.bookingId);
      const first = rzp.refunds.find((r) => r.payment_id === one.razorpayPaymentId)!;
      const second = rzp.refunds.find((r) => r.payment_id === two.razorpayPaymentId)!;
      const processed = rzp.webhook('refund.processed', {
        refund: { entity: rzp.settleRefund(first.id, 'processed') },
      });
      expect((await deliver(processed)).json()).toMatchObject({ outcome: 'refund-succeeded' });
      expect((await deliver(processed)).json()).toMatchObject({ outcome: 'duplicate' });
      expect(await refundOf(one.paymentId)).toMatchObject({ status: 'succeeded', gatewayRef: first.id });
      const [paymentRow] = await db().select().from(payments).where(eq(payments.id, one.paymentId));
      expect(paymentRow?.status).toBe('refunded');

      const failed = rzp.webhook('refund.failed', {
        refund: { entity: rzp.settleRefund(second.id, 'failed') },
      });
      expect((await deliver(failed)).json()).toMatchObject({ outcome: 'refund-failed' });
      const refund = (await refundOf(two.paymentId))!;
      expect(refund).toMatchObject({ status: 'failed' });
      rzp.refundStatus = 'processed';
      expect(await retryRefund(refundDeps(), { refundId: refund.id, actorId: null })).toMatchObject({
        status: 'succeeded',
      });
      const made = rzp.refunds.filter((r) => r.payment_id === two.razorpayPaymentId);
      expect(made.map((r) => r.status)).toEqual(['failed', 'processed']);
      const keys = rzp.requests
        .filter((r) => r.path === `/v1/payments/${two.razorpayPaymentId}/refund`)
        .map((r) => r.headers['x-refund-idempotency']);
      expect(keys).toEqual([`${refund.id}-0`, `${refund.id}-1`]);
    } finally {
      rzp.refundStatus = 'processed';
    }
  });

  it('leaves money and seats agreeing for the reconciliation', async () => {
    await carryOutRefunds(refundDeps());
    const found = await findDiscrepancies({ db: db(), now: t.clock.now });
    expect(found.filter((d) => d.kind === 'captured-unsettled')).toEqual([]);
  });
});
