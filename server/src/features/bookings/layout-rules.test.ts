import { layoutSchema, type LayoutInput, type SeatKind } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { sql } from 'drizzle-orm';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { holdSeats, SeatsTakenError, StaleSeatsError } from './hold-seats.ts';
import { readShowSeats, watchedSeats } from './layout-rules.ts';

/** CONTRACT §7's seat rules through POST /api/bookings/create, with SEAT_GAP_RULE on. */
let t: TestApp;
let buyers: SignedIn[];
let movieId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ env: { SEAT_GAP_RULE: 'on', ACCESSIBLE_RELEASE_MINUTES: '60' } });
  buyers = [];
  for (let i = 0; i < 16; i++) buyers.push(await signUp(t.app, { name: `Buyer ${i}` }));
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Rules' })).id;
});
afterAll(() => t.close());

const seat = (cls: string, kind: SeatKind = 'seat') => ({ class: cls, kind });
const row = (cls: string, n: number) => Array.from({ length: n }, () => seat(cls));

/** A show starting in `hoursAhead` hours on a layout, priced Classic 200, Prime 300. */
let shows = 0;
async function showOn(layout: LayoutInput, hoursAhead = 24) {
  // A minute apart, so the movie never has two shows at one start.
  const startsAt = new Date(t.clock.now.getTime() + hoursAhead * HOUR - ++shows * 60_000);
  const show = await insertShow(t.testDb.database.db, {
    movieId,
    startsAt,
    layout: layoutSchema.parse(layout),
    prices: { Classic: 20_000, Prime: 30_000 },
  });
  return show.id;
}

const book = (who: SignedIn, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/bookings/create', headers: who.bearer, payload: body });

describe('wheelchair spaces and companion seats', () => {
  // A1 wheelchair, A2 companion, A3–A6 plain.
  const layout = {
    rows: [{ seats: [seat('Classic', 'wheelchair'), seat('Classic', 'companion'), ...row('Classic', 4)] }],
  };

  it('holds them back until the release: the space needs accessible, the companion the space beside it', async () => {
    const showId = await showOn(layout);
    const space = await book(buyers[0]!, { showId, selectedSeats: ['A1'] });
    expect(space.statusCode).toBe(409);
    expect(space.json().message).toBe(
      'A1 is a wheelchair space, held for wheelchair users until 60 minutes before the show',
    );
    const companion = await book(buyers[0]!, { showId, selectedSeats: ['A2'], accessible: true });
    expect(companion.statusCode).toBe(409);
    expect(companion.json().message).toMatch(
      /^A2 is a companion seat, held for the companion of a wheelchair user/,
    );
    const both = await book(buyers[0]!, { showId, selectedSeats: ['A1', 'A2'], accessible: true });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('puts them on general sale from ACCESSIBLE_RELEASE_MINUTES before the start', async () => {
    const showId = await showOn(layout, 2);
    expect((await book(buyers[1]!, { showId, selectedSeats: ['A1', 'A2'] })).statusCode).toBe(409);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + HOUR);
    try {
      const released = await book(buyers[1]!, { showId, selectedSeats: ['A1', 'A2'] });
      expect(released.statusCode, released.body).toBe(200);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('the single-seat rule', () => {
  it('refuses a booking that leaves one seat on its own, naming it', async () => {
    const showId = await showOn({ rows: [{ seats: row('Classic', 6) }] });
    const response = await book(buyers[2]!, { showId, selectedSeats: ['A2', 'A3'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: 'Seat A1 would be left on its own — choose seats next to it or leave a gap of two',
    });
    expect((await book(buyers[2]!, { showId, selectedSeats: ['A1', 'A2'] })).statusCode).toBe(200);
  });

  it('lets it stand when no choice of as many seats in that row and class avoids it', async () => {
    // Three seats, two wanted: every pair leaves the third alone.
    const showId = await showOn({ rows: [{ seats: row('Classic', 3) }, { seats: row('Classic', 6) }] });
    const response = await book(buyers[3]!, { showId, selectedSeats: ['A2', 'A3'] });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('is off with SEAT_GAP_RULE=off', async () => {
    const off = await createTestApp({ testDb: t.testDb, env: { SEAT_GAP_RULE: 'off' } });
    try {
      const showId = await showOn({ rows: [{ seats: row('Classic', 6) }] });
      const who = await signUp(off.app, { name: 'Gap Free' });
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: who.bearer,
        payload: { showId, selectedSeats: ['A2', 'A3'] },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await off.app.close();
    }
  });
});

describe('best available', () => {
  // Rows A (front) to F, each 4 Classic | aisle | 4 Classic; row F Prime.
  const hall = {
    rows: [
      ...Array.from({ length: 5 }, () => ({ seats: [...row('Classic', 4), null, ...row('Classic', 4)] })),
      { seats: [...row('Prime', 4), null, ...row('Prime', 4)] },
    ],
  };

  it('holds adjacent seats in one row, about two-thirds back, and prices them by class', async () => {
    const showId = await showOn(hall);
    const response = await book(buyers[4]!, { showId, quantity: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking.bookedSeats).toEqual(['D3', 'D4']);
    expect(response.json().booking.amount).toBe(400);
    // Three of a block of four would strand the fourth: no three Prime seats together.
    const three = await book(buyers[5]!, { showId, quantity: 3, class: 'Prime' });
    expect(three.json()).toEqual({ success: false, message: 'No 3 seats together' });
    const prime = await book(buyers[5]!, { showId, quantity: 4, class: 'Prime' });
    expect(prime.json().booking).toMatchObject({ bookedSeats: ['F1', 'F2', 'F3', 'F4'], amount: 1200 });
    const none = await book(buyers[6]!, { showId, quantity: 5 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ success: false, message: 'No 5 seats together' });
    expect((await book(buyers[6]!, { showId, quantity: 2, class: 'Gold' })).statusCode).toBe(400);
    expect((await book(buyers[6]!, { showId, quantity: 9 })).statusCode).toBe(400);
  });

  it('never gives one seat to two buyers asking at once, and never strands one', async () => {
    const showId = await showOn(hall);
    const answers = await Promise.all(buyers.slice(0, 10).map((who) => book(who, { showId, quantity: 2 })));
    const held = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().booking.bookedSeats as string[]);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const seats = held.flat();
    expect(new Set(seats).size).toBe(seats.length);
    // 24 pairs fit; ten buyers all get one, whoever picked a pair first.
    expect(held).toHaveLength(10);
    for (const pair of held) expect(pair[0]!.slice(0, 1)).toBe(pair[1]!.slice(0, 1));
  });
});

describe('rules decided on what this process knew, confirmed by the hold (migration 0009)', () => {
  // A second process on the same database: its holds and cancels are news to the first.
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ testDb: t.testDb, env: { SEAT_GAP_RULE: 'on' } });
  });
  afterAll(() => other.app.close());
  const bookOn = (on: TestApp, who: SignedIn, body: object) =>
    on.app.inject({ method: 'POST', url: '/api/bookings/create', headers: who.bearer, payload: body });

  it('refuses seats that strand one since another process sold beside them', async () => {
    const showId = await showOn({ rows: [{ seats: row('Classic', 8) }] });
    // This process learns the show with A7, A8 taken; the other then sells A1.
    expect((await book(buyers[7]!, { showId, selectedSeats: ['A7', 'A8'] })).statusCode).toBe(200);
    const elsewhere = await signUp(other.app, { name: 'Elsewhere' });
    expect((await bookOn(other, elsewhere, { showId, selectedSeats: ['A1'] })).statusCode).toBe(200);
    // On what this process knew, A3 A4 strand nobody; on the show as it is, they strand A2.
    const response = await book(buyers[8]!, { showId, selectedSeats: ['A3', 'A4'] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(strandedA2);
  });

  it('does not refuse on a seat another process has since let go', async () => {
    const showId = await showOn({ rows: [{ seats: row('Classic', 8) }] });
    const first = await book(buyers[9]!, { showId, selectedSeats: ['A1'] });
    expect(first.statusCode).toBe(200);
    // Cancelled through the other process: this one still has A1 as taken.
    const cancelled = await other.app.inject({
      method: 'DELETE',
      url: `/api/bookings/${first.json().bookingId}`,
      headers: buyers[9]!.bearer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const response = await book(buyers[10]!, { showId, selectedSeats: ['A3', 'A4'] });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('sees a show moved by anyone since: wheelchair spaces held back again', async () => {
    // Starts in 30 minutes: the wheelchair space is on general sale (release 60 minutes before).
    const showId = await showOn(
      { rows: [{ seats: [seat('Classic', 'wheelchair'), ...row('Classic', 5)] }] },
      0.5,
    );
    expect((await book(buyers[11]!, { showId, selectedSeats: ['A5', 'A6'] })).statusCode).toBe(200);
    // Moved to tomorrow by a tool this process never hears of.
    await t.testDb.database.db.execute(
      sql`update shows set starts_at = starts_at + interval '1 day' where id = ${showId}::uuid`,
    );
    const who = await signUp(t.app, { name: 'Not A Wheelchair User' });
    const response = await book(who, { showId, selectedSeats: ['A1'] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(
      'A1 is a wheelchair space, held for wheelchair users until 60 minutes before the show',
    );
  });

  it('sees a show moved by anyone since before refusing: a wheelchair space on general sale now', async () => {
    // Tomorrow: the wheelchair space is held back, and this process learns the show so.
    const showId = await showOn({ rows: [{ seats: [seat('Classic', 'wheelchair'), ...row('Classic', 5)] }] });
    expect((await book(buyers[12]!, { showId, selectedSeats: ['A5', 'A6'] })).statusCode).toBe(200);
    // Moved to 30 minutes from now by a tool this process never hears of: past the release.
    const soon = new Date(t.clock.now.getTime() + 30 * 60_000);
    await t.testDb.database.db.execute(
      sql`update shows set starts_at = ${soon.toISOString()}::timestamptz where id = ${showId}::uuid`,
    );
    const who = await signUp(t.app, { name: 'Anyone' });
    const response = await book(who, { showId, selectedSeats: ['A1'] });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a chosen seat taken since at once, naming it, rather than deciding the rules again', async () => {
    const db = t.testDb.database.db;
    const showId = await showOn({ rows: [{ seats: row('Classic', 8) }] });
    const known = (await readShowSeats(db, showId, t.clock.now))!;
    const watch = watchedSeats(known.layout, ['A3', 'A4'], { gapRule: true, releaseMinutes: 60 });
    const decidedOn = { version: known.version, watch, blocked: [] };
    // Since then another buyer held A4 and A8: the row has changed, and so has a seat asked for.
    expect((await bookOn(other, buyers[13]!, { showId, selectedSeats: ['A4'] })).statusCode).toBe(200);
    expect((await bookOn(other, buyers[14]!, { showId, selectedSeats: ['A8'] })).statusCode).toBe(200);
    const limits = { windowSeconds: 600, maxUnpaid: 5, maxPerShow: 1 };
    const asked = {
      db,
      showId,
      seatIds: ['A3', 'A4'],
      userId: buyers[15]!.userId,
      now: t.clock.now,
      ...limits,
    };
    const refused = await holdSeats({ ...asked, decidedOn }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SeatsTakenError);
    expect((refused as SeatsTakenError).takenSeats).toEqual(['A4']);
    // Seats still free on a changed row are decided again, on the state of now.
    const free = await holdSeats({ ...asked, seatIds: ['A5', 'A6'], decidedOn }).catch((e: unknown) => e);
    expect(free).toBeInstanceOf(StaleSeatsError);
    expect((free as StaleSeatsError).blocked.sort()).toEqual(['A4', 'A8']);
  });
});

const strandedA2 = 'Seat A2 would be left on its own — choose seats next to it or leave a gap of two';
