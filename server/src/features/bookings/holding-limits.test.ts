import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';

// Issue 11, Build 3 (CONTRACT §7, last point): one unpaid booking per account per show, answered
// 409 pointing to the booking that waits for payment; a cap on unpaid bookings across shows. Both
// hold when one account fires its creates at once.

let t: TestApp;
let movieId: string;
let startOffset = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { UNPAID_BOOKINGS_LIMIT: '3', UNPAID_BOOKINGS_PER_SHOW: '1' } });
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Limits' })).id;
});
afterAll(() => t.close());

async function newShow() {
  const startsAt = new Date(t.clock.now.getTime() + 86_400_000 + ++startOffset * 60_000);
  return (await insertShow(t.testDb.database.db, { movieId, startsAt })).id;
}
const hold = (who: SignedIn, showId: string, seats: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
const pay = (who: SignedIn, url: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`,
    headers: who.bearer,
  });

describe('holding limits', () => {
  it('refuses a second unpaid booking for one show, pointing to the one waiting', async () => {
    const asha = await signUp(t.app, { name: 'Asha' });
    const showId = await newShow();
    const first = await hold(asha, showId, ['A1', 'A2']);
    expect(first.statusCode).toBe(200);
    const second = await hold(asha, showId, ['B1']);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/already have a booking waiting for payment for this show/),
      bookingId: first.json().bookingId,
      url: first.json().url,
    });
    // Another account is not affected; once paid, the account may book that show again.
    expect((await hold(await signUp(t.app), showId, ['C1'])).statusCode).toBe(200);
    expect((await pay(asha, first.json().url)).statusCode).toBe(200);
    expect((await hold(asha, showId, ['B1'])).statusCode).toBe(200);
  });

  it('lets a lapsed hold go: the account may book the show again', async () => {
    const ravi = await signUp(t.app, { name: 'Ravi' });
    const showId = await newShow();
    expect((await hold(ravi, showId, ['D1'])).statusCode).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 601_000);
    expect((await hold(ravi, showId, ['D1'])).statusCode).toBe(200);
  });

  it('caps unpaid bookings across shows', async () => {
    const mira = await signUp(t.app, { name: 'Mira' });
    for (let i = 0; i < 3; i++) expect((await hold(mira, await newShow(), ['E1'])).statusCode).toBe(200);
    const fourth = await hold(mira, await newShow(), ['E1']);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toMatch(/already have 3 bookings waiting for payment/);
  });

  it('holds when one account fires its creates at once', async () => {
    const dev = await signUp(t.app, { name: 'Dev' });
    const showId = await newShow();
    // Same show, different seats: one wins.
    const sameShow = await Promise.all(
      ['F1', 'F3', 'F5', 'F7', 'F9'].map((seat) => hold(dev, showId, [seat])),
    );
    expect(sameShow.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    // Across shows: with one unpaid already, two more of six simultaneous creates win.
    const shows = await Promise.all(Array.from({ length: 6 }, () => newShow()));
    const across = await Promise.all(shows.map((id) => hold(dev, id, ['G1'])));
    expect(across.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(across.filter((r) => r.statusCode === 409)).toHaveLength(4);
  });
});
