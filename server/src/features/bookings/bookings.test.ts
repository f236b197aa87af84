import { amountFor } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, bookingSeats, shows } from '../../db/schema.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../payments/index.ts';

let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let showId: string;
let smallShowId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Booking Test' });
  const startsAt = new Date(t.clock.now.getTime() + 86_400_000);
  showId = (await insertShow(db, { movieId: movie.id, startsAt, pricePaise: 25_000, totalSeats: 96 })).id;
  smallShowId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(startsAt.getTime() + 3_600_000),
      totalSeats: 14,
    })
  ).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
});
afterAll(() => t.close());

const create = (who: SignedIn | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/bookings/create', headers: who?.bearer ?? {}, payload });
const seatMap = async (id = showId) =>
  (await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${id}` })).json<{
    occupiedSeats: Record<string, true>;
    availableSeats: number;
    status: string;
  }>();

describe('POST /api/bookings/create', () => {
  it('holds the seats, prices them, and answers the payment page', async () => {
    const response = await create(asha, { showId, selectedSeats: ['B2', 'B3'] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      bookingId: expect.any(String),
      url: expect.stringMatching(/\/pay\//),
    });
    expect(body.booking).toMatchObject({
      _id: body.bookingId,
      bookedSeats: ['B2', 'B3'],
      amount: 500,
      isPaid: false,
      status: 'pending',
      paymentLink: body.url,
      user: { name: 'Asha' },
    });
    expect(Date.parse(body.booking.expiresAt) - t.clock.now.getTime()).toBe(600_000);
    const map = await seatMap();
    expect(map.occupiedSeats).toEqual({ B2: true, B3: true });
    expect(map.availableSeats).toBe(94);
  });

  it('refuses a seat already held, naming it, and holds nothing of that request', async () => {
    const response = await create(ravi, { showId, selectedSeats: ['B4', 'B3'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'Seats already booked: B3' });
    expect((await seatMap()).occupiedSeats.B4).toBeUndefined();
  });

  it('enforces 1 to 8 distinct seats on the map', async () => {
    const cases: [unknown, number, string][] = [
      [[], 400, 'Please select at least one seat'],
      [['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9'], 400, 'Maximum 8 seats can be selected'],
      [['C1', 'C1'], 400, 'Each seat can be selected only once'],
      [['I1'], 400, 'Invalid seat: I1'],
      [['A13', 'Z1'], 400, 'Invalid seats: A13, Z1'],
      ['C1', 400, 'Please select at least one seat'],
    ];
    for (const [selectedSeats, status, message] of cases) {
      const response = await create(ravi, { showId, selectedSeats });
      expect(response.statusCode, JSON.stringify(selectedSeats)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const eight = await create(ravi, {
      showId,
      selectedSeats: ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8'],
    });
    expect(eight.statusCode).toBe(200);
  });

  it('sells the last seats of a show, then reports it sold out', async () => {
    const all = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11', 'A12', 'B1', 'B2'];
    expect((await create(asha, { showId: smallShowId, selectedSeats: all.slice(0, 8) })).statusCode).toBe(
      200,
    );
    expect((await create(ravi, { showId: smallShowId, selectedSeats: all.slice(8, 13) })).statusCode).toBe(
      200,
    );
    expect((await seatMap(smallShowId)).availableSeats).toBe(1);
    expect((await create(ravi, { showId: smallShowId, selectedSeats: ['B2'] })).statusCode).toBe(200);
    const full = await seatMap(smallShowId);
    expect(full.availableSeats).toBe(0);
    expect(full.status).toBe('sold-out');
    expect((await create(asha, { showId: smallShowId, selectedSeats: ['B3'] })).json().message).toBe(
      'Invalid seat: B3',
    );
  });

  it('requires a session, and refuses a booking for someone else', async () => {
    const signedOut = await create(null, { showId, selectedSeats: ['D1'] });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ success: false, message: 'Authentication required' });
    const forOther = await create(asha, { showId, selectedSeats: ['D1'], userId: ravi.userId });
    expect(forOther.statusCode).toBe(403);
    const forSelf = await create(asha, { showId, selectedSeats: ['D1'], userId: asha.userId });
    expect(forSelf.statusCode).toBe(200);
  });

  it('is 404 for an unknown show and 400 for a cancelled or started one', async () => {
    expect((await create(asha, { showId: 'nope', selectedSeats: ['A1'] })).statusCode).toBe(404);
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Edge' });
    const cancelled = await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 7_200_000),
      status: 'cancelled',
    });
    const started = await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() - 60_000),
    });
    const c = await create(asha, { showId: cancelled.id, selectedSeats: ['A1'] });
    expect([c.statusCode, c.json().message]).toEqual([400, 'This show has been cancelled']);
    const s = await create(asha, { showId: started.id, selectedSeats: ['A1'] });
    expect([s.statusCode, s.json().message]).toEqual([400, 'This show has already started']);
  });
});

describe('the payment window', () => {
  it('frees a lapsed hold for the next buyer at once, before any sweep', async () => {
    const held = await create(asha, { showId, selectedSeats: ['E5'] });
    expect(held.statusCode).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 600_000);
    expect((await seatMap()).occupiedSeats.E5).toBeUndefined();
    const next = await create(ravi, { showId, selectedSeats: ['E5'] });
    expect(next.statusCode).toBe(200);
    const [old] = await t.testDb.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, held.json().bookingId));
    expect(old!.status).toBe('expired');
    // The record is kept, its claim released.
    const claims = await t.testDb.database.db
      .select()
      .from(bookingSeats)
      .where(eq(bookingSeats.bookingId, old!.id));
    expect(claims.map((claim) => claim.isLive)).toEqual([false]);
  });
});

describe('reading bookings', () => {
  it('lists the caller’s own bookings, newest first, in both forms', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/bookings/user', headers: asha.bearer });
    expect(own.statusCode).toBe(200);
    const list = own.json<{ bookings: { user: { _id: string } }[] }>().bookings;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((booking) => booking.user._id === asha.userId)).toBe(true);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/user/${asha.userId}`,
      headers: asha.bearer,
    });
    expect(page.json().bookings).toEqual(list);
  });

  it('lets only the owner read a booking or a list', async () => {
    const [first] = (
      await t.app.inject({ method: 'GET', url: '/api/bookings/user', headers: asha.bearer })
    ).json<{ bookings: { _id: string }[] }>().bookings;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bookings/${first!._id}`, headers: asha.bearer }))
        .statusCode,
    ).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${first!._id}`,
      headers: ravi.bearer,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, message: 'Not authorized' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bookings/user/${asha.userId}`, headers: ravi.bearer }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${first!._id}` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/bookings/0b8ec2c4-64a4-4a57-8a53-6f7d2f3a9c11',
          headers: asha.bearer,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('sandbox payment', () => {
  async function holdAndPaymentId(who: SignedIn, seats: string[]) {
    const body = (await create(who, { showId, selectedSeats: seats })).json<{
      url: string;
      bookingId: string;
    }>();
    return { ...body, paymentId: body.url.split('/pay/')[1]! };
  }
  const pay = (who: SignedIn, paymentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/sandbox-pay`,
      headers: who.bearer,
      payload: {},
    });
  const status = async (bookingId: string) =>
    (await t.testDb.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;

  it('shows the payment page data to its owner only', async () => {
    const { paymentId } = await holdAndPaymentId(asha, ['F1']);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${paymentId}`,
      headers: asha.bearer,
    });
    expect(page.json()).toMatchObject({
      success: true,
      payment: { amount: 250, isPayable: true, gateway: 'sandbox' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ravi.bearer }))
        .statusCode,
    ).toBe(403);
    expect((await pay(ravi, paymentId)).statusCode).toBe(403);
  });

  it('marks the booking paid through the signed event path, once', async () => {
    const { paymentId, bookingId } = await holdAndPaymentId(asha, ['F2', 'F3']);
    const paid = await pay(asha, paymentId);
    expect(paid.json()).toMatchObject({ success: true, status: 'paid' });
    expect(await status(bookingId)).toBe('paid');
    expect((await pay(asha, paymentId)).json()).toMatchObject({ success: true, message: 'Already paid' });
    // A paid seat never lapses.
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    expect((await seatMap()).occupiedSeats.F2).toBe(true);
  });

  it('refuses a forged signature and ignores a replayed event', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { [SANDBOX_SIGNATURE_HEADER]: 'ab'.repeat(32) },
      payload: { id: 'evt_x', type: 'payment.succeeded', ref: 'sbx_whatever' },
    });
    expect(forged.statusCode).toBe(400);
    const { paymentId, bookingId } = await holdAndPaymentId(ravi, ['F4']);
    const ref = `sbx_${paymentId}`;
    const event = t.app.deps.sandbox.sign({ id: 'evt_replayed', type: 'payment.succeeded', ref });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: event.signature },
        payload: event.payload,
      });
    expect((await deliver()).json().outcome).toBe('paid');
    expect((await deliver()).json().outcome).toBe('duplicate');
    expect(await status(bookingId)).toBe('paid');
  });

  it('takes the seats back for a payment that lands after the hold lapsed, if they are free', async () => {
    const { paymentId, bookingId } = await holdAndPaymentId(asha, ['G1']);
    t.clock.now = new Date(t.clock.now.getTime() + 600_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: ravi.bearer,
      payload: { showId, selectedSeats: ['G9'] },
    });
    expect(await status(bookingId)).toBe('expired');
    expect((await pay(asha, paymentId)).json()).toMatchObject({ success: true, status: 'paid' });
    expect(await status(bookingId)).toBe('paid');
    expect((await seatMap()).occupiedSeats.G1).toBe(true);
  });

  it('refunds a late payment whose seats were taken meanwhile', async () => {
    const { paymentId, bookingId } = await holdAndPaymentId(asha, ['H1', 'H2']);
    t.clock.now = new Date(t.clock.now.getTime() + 600_000);
    expect((await create(ravi, { showId, selectedSeats: ['H2'] })).statusCode).toBe(200);
    const late = await pay(asha, paymentId);
    expect(late.json()).toMatchObject({ success: false, status: 'refunded' });
    expect(await status(bookingId)).toBe('expired');
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers: asha.bearer })
    ).json();
    expect(view.booking.refund).toMatchObject({ amount: 500, status: 'succeeded' });
    const h2 = await t.testDb.database.db
      .select()
      .from(bookingSeats)
      .where(
        and(eq(bookingSeats.seat, 'H2'), eq(bookingSeats.isLive, true), eq(bookingSeats.showId, showId)),
      );
    expect(h2).toHaveLength(1);
  });
});

describe('integrity', () => {
  it('never has two live claims on one seat, and each amount is amountFor its seats (the hold’s SQL agrees)', async () => {
    const { db } = t.testDb.database;
    const claims = await db.select().from(bookingSeats).where(eq(bookingSeats.isLive, true));
    const keys = claims.map((claim) => `${claim.showId}/${claim.seat}`);
    expect(new Set(keys).size).toBe(keys.length);
    const rows = await db
      .select({ booking: bookings, layout: shows.layout, prices: shows.prices })
      .from(bookings)
      .innerJoin(shows, eq(shows.id, bookings.showId));
    expect(rows.length).toBeGreaterThan(0);
    for (const { booking, layout, prices } of rows) {
      expect(booking.amountPaise).toBe(amountFor(layout, prices, booking.seats));
    }
  });
});
