import type { Booking } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';

// CONTRACT §8: a user's list holds live bookings unless ?status=all asks for every one.
let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let showId: string;
const ids: Record<'pending' | 'paid' | 'cancelled' | 'expired', string> = {
  pending: '',
  paid: '',
  cancelled: '',
  expired: '',
};

const create = async (seats: string[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: asha.bearer,
    payload: { showId, selectedSeats: seats },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ bookingId: string; url: string }>();
};

const list = async (url: string, who: SignedIn = asha) => {
  const response = await t.app.inject({ method: 'GET', url, headers: who.bearer });
  return { status: response.statusCode, body: response.json<{ bookings: Booking[]; message: string }>() };
};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Listing Test' });
  showId = (
    await insertShow(db, { movieId: movie.id, startsAt: new Date(t.clock.now.getTime() + 86_400_000) })
  ).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });

  // One unpaid hold lapses (the clock moves past its window; a later hold releases it).
  ids.expired = (await create(['A1'])).bookingId;
  t.clock.now = new Date(t.clock.now.getTime() + 601_000);
  // One cancelled.
  ids.cancelled = (await create(['B1'])).bookingId;
  const cancelled = await t.app.inject({
    method: 'PUT',
    url: `/api/bookings/${ids.cancelled}/cancel`,
    headers: asha.bearer,
  });
  expect(cancelled.statusCode).toBe(200);
  // One paid through the sandbox gateway's Pay button.
  const paid = await create(['C1']);
  ids.paid = paid.bookingId;
  const paymentId = paid.url.split('/').pop()!;
  const pay = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/sandbox-pay`,
    headers: asha.bearer,
  });
  expect(pay.statusCode, pay.body).toBe(200);
  // And one still waiting for payment, on another show (one unpaid booking per show).
  const later = await insertShow(db, {
    movieId: movie.id,
    startsAt: new Date(t.clock.now.getTime() + 2 * 86_400_000),
  });
  const pending = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: asha.bearer,
    payload: { showId: later.id, selectedSeats: ['D1'] },
  });
  expect(pending.statusCode, pending.body).toBe(200);
  ids.pending = pending.json<{ bookingId: string }>().bookingId;
});
afterAll(() => t.close());

describe('GET /api/bookings/user', () => {
  it('lists only live bookings (pending and paid) by default, in both forms', async () => {
    for (const url of ['/api/bookings/user', `/api/bookings/user/${asha.userId}`]) {
      const { status, body } = await list(url);
      expect(status, url).toBe(200);
      expect(new Set(body.bookings.map((b) => b._id)), url).toEqual(new Set([ids.pending, ids.paid]));
      expect(body.bookings.map((b) => b.status).sort(), url).toEqual(['paid', 'pending']);
    }
  });

  it('adds cancelled and expired bookings with ?status=all, newest first', async () => {
    for (const url of ['/api/bookings/user?status=all', `/api/bookings/user/${asha.userId}?status=all`]) {
      const { status, body } = await list(url);
      expect(status, url).toBe(200);
      const byId = new Map(body.bookings.map((b) => [b._id, b.status]));
      expect(byId, url).toEqual(
        new Map([
          [ids.pending, 'pending'],
          [ids.paid, 'paid'],
          [ids.cancelled, 'cancelled'],
          [ids.expired, 'expired'],
        ]),
      );
      const created = body.bookings.map((b) => Date.parse(b.createdAt));
      expect([...created].sort((a, b) => b - a)).toEqual(created);
    }
  });

  it('refuses an unknown status with a 400 in words, and another user’s list with 403', async () => {
    const bad = await list('/api/bookings/user?status=everything');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: "status must be 'live' or 'all'" });
    expect((await list(`/api/bookings/user/${asha.userId}?status=all`, ravi)).status).toBe(403);
  });
});
