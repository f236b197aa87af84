import { gridLayout } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { testDatabaseKind } from '../../../test/database.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, bookingSeats } from '../../db/schema.ts';
import { SEAT_CHANNEL } from '../seats/seat-map-cache.ts';
import { releaseExpiredHolds } from './release-expired.ts';

// Issue 10, Build 7: each rule has a test that fails when the rule is gone.

const WINDOW_MS = 600_000;
let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let movieId: string;
let slot = 0;

beforeAll(async () => {
  t = await createTestApp();
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Seat Rules' })).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
async function newShow() {
  const startsAt = new Date(t.clock.now.getTime() + 86_400_000 + ++slot * 60_000);
  return (await insertShow(db(), { movieId, startsAt })).id;
}
const hold = (who: SignedIn, showId: string, seats: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
const statusOf = async (id: string) =>
  (await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status;

describe('a hold and its deadline', () => {
  it('still blocks a buyer one second before its deadline, and not at it', async () => {
    const showId = await newShow();
    const start = t.clock.now;
    expect((await hold(asha, showId, ['A1'])).statusCode).toBe(200);
    t.clock.now = new Date(start.getTime() + WINDOW_MS - 1_000);
    expect((await hold(ravi, showId, ['A1'])).statusCode).toBe(409);
    t.clock.now = new Date(start.getTime() + WINDOW_MS);
    expect((await hold(ravi, showId, ['A1'])).statusCode).toBe(200);
  });

  it('is never freed by the sweep while its window is open, always once it passed', async () => {
    const showId = await newShow();
    const start = t.clock.now;
    const id = (await hold(asha, showId, ['B1'])).json().bookingId as string;
    await releaseExpiredHolds({ db: db(), now: new Date(start.getTime() + WINDOW_MS - 1) });
    expect(await statusOf(id)).toBe('pending');
    await releaseExpiredHolds({ db: db(), now: new Date(start.getTime() + WINDOW_MS) });
    expect(await statusOf(id)).toBe('expired');
    const live = await db()
      .select()
      .from(bookingSeats)
      .where(and(eq(bookingSeats.bookingId, id), eq(bookingSeats.isLive, true)));
    expect(live).toEqual([]);
  });
});

describe('the seat maps are told after a hold that changed the seats (decision 0027)', () => {
  it('after a hold, and after a refusal that released a lapsed hold on the way; not after one that changed nothing', async () => {
    const showId = await newShow();
    const meera = await signUp(t.app, { name: 'Meera' });
    const told = vi.spyOn(t.app.deps.seatMaps, 'changed');
    try {
      const start = t.clock.now;
      expect((await hold(asha, showId, ['D1'])).statusCode).toBe(200);
      expect(told.mock.calls).toEqual([[showId]]);
      told.mockClear();
      // D1 is Asha's: the refusal changed nothing, and nobody needs to read the show again.
      expect((await hold(ravi, showId, ['D1'])).statusCode).toBe(409);
      expect(told).not.toHaveBeenCalled();
      // Ravi holds D3 just before Asha's window closes; once it has, Meera is refused D3, and the
      // refusal released Asha's lapsed hold on the way: D1 is free again, and the maps must hear.
      t.clock.now = new Date(start.getTime() + WINDOW_MS - 1_000);
      expect((await hold(ravi, showId, ['D3'])).statusCode).toBe(200);
      told.mockClear();
      t.clock.now = new Date(start.getTime() + WINDOW_MS);
      expect((await hold(meera, showId, ['D3'])).statusCode).toBe(409);
      expect(told.mock.calls).toEqual([[showId]]);
    } finally {
      told.mockRestore();
    }
  });
});

describe('seat-change notifications come from the database', () => {
  it('a payment tells every listener (every process) which show changed', async () => {
    const showId = await newShow();
    const { url } = (await hold(asha, showId, ['C1'])).json<{ url: string }>();
    const heard: string[] = [];
    const stop = await t.testDb.database.listen(SEAT_CHANNEL, (payload) => heard.push(payload));
    try {
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`,
        headers: asha.bearer,
      });
      expect(paid.json()).toMatchObject({ success: true, status: 'paid' });
      await expect.poll(() => heard, { timeout: 5_000 }).toContain(showId);
    } finally {
      await stop();
    }
  });
});

// A staff edit holds the show FOR UPDATE; a hold takes it KEY SHARE, so it waits and then sees
// the edited show: a seat the edit took off the map is refused, never held.
describe.runIf(testDatabaseKind === 'postgres')('the show lock', () => {
  it('stops an edit and a hold from interleaving', async () => {
    const showId = await newShow();
    const editor = new pg.Client({ connectionString: t.testDb.url });
    const watcher = new pg.Client({ connectionString: t.testDb.url });
    await Promise.all([editor.connect(), watcher.connect()]);
    try {
      await editor.query('begin');
      await editor.query('select 1 from shows where id = $1 for update', [showId]);
      const pending = Promise.resolve(hold(asha, showId, ['H12']));
      await expect
        .poll(
          async () =>
            (
              await watcher.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0]!.n,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(1);
      await editor.query('update shows set total_seats = 48, layout = $2 where id = $1', [
        showId,
        JSON.stringify(gridLayout(48)),
      ]);
      await editor.query('commit');
      const answer = await pending;
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Invalid seat: H12');
    } finally {
      await Promise.all([editor.end(), watcher.end()]);
    }
  });
});
