import { addDays, fromZonedParts, zonedDate } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, users } from '../../db/schema.ts';

let t: TestApp;
let door: SignedIn;
let asha: SignedIn;
let lateShowId: string;
let tomorrowShowId: string;
let afterMidnightShowId: string;
let eveningAt: Date;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  // 11:00 PM in the cinema's zone, with a show at 11:59 PM that runs past midnight.
  const timeZone = t.config.CINEMA_TIMEZONE;
  const today = zonedDate(t.clock.now, timeZone);
  eveningAt = fromZonedParts(today, 23 * 60, timeZone);
  t.clock.now = eveningAt;
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Midnight Door', runtime: '100 min' });
  const lateStart = fromZonedParts(today, 23 * 60 + 59, timeZone);
  lateShowId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: lateStart,
      screenFreeAt: new Date(lateStart.getTime() + 115 * MINUTE),
    })
  ).id;
  const tomorrowStart = fromZonedParts(addDays(today, 1), 20 * 60, timeZone);
  tomorrowShowId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: tomorrowStart,
      screenFreeAt: new Date(tomorrowStart.getTime() + 115 * MINUTE),
    })
  ).id;
  // 1:30 AM tonight: its doors open at 11:30 PM, before its calendar day begins.
  const afterMidnight = fromZonedParts(addDays(today, 1), 90, timeZone);
  // No screenFreeAt: a fixture beside the 11:59 PM show on the same screen (insertShow).
  afterMidnightShowId = (await insertShow(db, { movieId: movie.id, startsAt: afterMidnight })).id;
  door = await signUp(t.app, { name: 'Door' });
  asha = await signUp(t.app, { name: 'Asha' });
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, door.userId));
  for (const showId of [lateShowId, tomorrowShowId, afterMidnightShowId]) {
    const held = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: asha.bearer,
        payload: { showId, selectedSeats: ['C3', 'C4'] },
      })
    ).json<{ url: string }>();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${held.url.split('/pay/')[1]}/sandbox-pay`,
      headers: asha.bearer,
      payload: {},
    });
    expect(paid.statusCode).toBe(200);
  }
});
afterEach(() => {
  t.clock.now = eveningAt;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: door.bearer });
const doorShowIds = async () =>
  (await get('/api/door/shows')).json<{ shows: { _id: string }[] }>().shows.map((show) => show._id);

describe("the door's day", () => {
  it('lists a show that began before midnight while it runs, and drops it once it is over', async () => {
    expect(await doorShowIds()).toEqual([lateShowId]);
    t.clock.now = new Date(eveningAt.getTime() + 70 * MINUTE); // 12:10 AM, the film still running
    expect(await doorShowIds()).toContain(lateShowId);
    expect((await get(`/api/door/shows/${lateShowId}/bookings`)).statusCode).toBe(200);
    t.clock.now = new Date(eveningAt.getTime() + 180 * MINUTE); // 2:00 AM: over and cleaned
    expect(await doorShowIds()).not.toContain(lateShowId);
    expect((await get(`/api/door/shows/${lateShowId}/bookings`)).statusCode).toBe(404);
  });

  it('takes in a show after midnight once its doors open, and says when they do before that', async () => {
    const [booking] = await t.testDb.database.db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.showId, afterMidnightShowId));
    const checkIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkin',
        headers: door.bearer,
        payload: { reference: booking!.reference },
      });
    // 11:00 PM: the doors open at 11:30.
    expect(await doorShowIds()).not.toContain(afterMidnightShowId);
    const early = await checkIn();
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'Doors open at 11:30 PM for the 1:30 AM show',
    ]);
    t.clock.now = new Date(eveningAt.getTime() + 40 * MINUTE); // 11:40 PM
    expect(await doorShowIds()).toContain(afterMidnightShowId);
    expect((await get(`/api/door/shows/${afterMidnightShowId}/bookings`)).statusCode).toBe(200);
    expect((await checkIn()).statusCode).toBe(200);
  });

  it("answers a show's bookings only for the door's day", async () => {
    const later = await get(`/api/door/shows/${tomorrowShowId}/bookings`);
    expect(later.statusCode).toBe(404);
    expect(later.json()).toEqual({ success: false, message: "Show not found among today's shows" });
    const asBuyer = await t.app.inject({
      method: 'GET',
      url: `/api/door/shows/${lateShowId}/bookings`,
      headers: asha.bearer,
    });
    expect(asBuyer.statusCode).toBe(403);
  });

  it('gives the door who, which seats and whether they are in: no amounts, payment links or refunds', async () => {
    const answer = await get(`/api/door/shows/${lateShowId}/bookings`);
    expect(answer.statusCode).toBe(200);
    const { bookings } = answer.json<{ bookings: Record<string, unknown>[] }>();
    expect(bookings).toEqual([
      {
        _id: expect.any(String),
        reference: expect.stringMatching(/^[2-9A-HJ-NP-Z]{8}$/),
        name: 'Asha',
        // The buyer's mobile, for the door to call (decision 0026): none on this account.
        phone: null,
        seats: ['C3', 'C4'],
        status: 'paid',
        checkedInAt: null,
        admitted: 0,
        // Food and drink to hand over (CONTRACT §12): none with this booking.
        items: [],
        itemsCollectedAt: null,
      },
    ]);
  });
});
