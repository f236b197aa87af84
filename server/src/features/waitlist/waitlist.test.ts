import { gridLayout, type WaitlistEntry } from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertBooking, insertMovie, insertShow, insertUser } from '../../fixtures/factories.ts';
import { bookings, emailOutbox, shows, waitlistDue } from '../../db/schema.ts';
import { releaseExpiredHolds } from '../bookings/index.ts';
import { closeEndedWaitlists, makeOffers } from './index.ts';

const MINUTE = 60_000;
let t: TestApp;
let movieId: string;
let filler: string;
let staff: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Waitlist Test' })).id;
  filler = (await insertUser(db, { name: 'Filler', email: `filler-${Date.now()}@example.com` })).id;
  staff = await signUp(t.app, { name: 'Staff' });
  await db.execute(`update users set role = 'admin' where id = '${staff.userId}'`);
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
const deps = () => ({ db: db(), gateway: t.app.deps.gateway, log: t.app.log });

/** A show of one row of `seats` seats starting `inMinutes` from now, every seat sold to the filler. */
let shown = 0;
async function soldOutShow(seats = 4, inMinutes = 24 * 60) {
  const show = await insertShow(db(), {
    movieId,
    // A second apart: one live show per movie per start time.
    startsAt: new Date(t.clock.now.getTime() + inMinutes * MINUTE + ++shown * 1000),
    layout: gridLayout(seats),
    prices: { Standard: 25_000 },
  });
  const ids = Array.from({ length: seats }, (_, i) => `A${i + 1}`);
  const bookingIds: string[] = [];
  for (const seat of ids) {
    bookingIds.push(
      await insertBooking(db(), { userId: filler, showId: show.id, seats: [seat], now: t.clock.now }),
    );
  }
  return { showId: show.id, startsAt: show.startsAt, bookingIds };
}

const join = (who: SignedIn, showId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/shows/${showId}/waitlist`, headers: who.bearer, payload });

async function entriesOf(who: SignedIn): Promise<WaitlistEntry[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/waitlist', headers: who.bearer });
  expect(response.statusCode).toBe(200);
  return response.json<{ entries: WaitlistEntry[] }>().entries;
}
const entryFor = async (who: SignedIn, showId: string) =>
  (await entriesOf(who)).find((e) => e.show._id === showId)!;

/** Frees a seat as staff do: cancels the filler's booking of it. */
async function free(bookingId: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/bookings/${bookingId}/cancel`,
    headers: staff.bearer,
    payload: { reason: 'Seat freed for the test' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('joining a waiting list', () => {
  it('takes a party a sold-out show cannot seat, in join order, once per buyer', async () => {
    const { showId } = await soldOutShow();
    const asha = await signUp(t.app, { name: 'Asha' });
    const ravi = await signUp(t.app, { name: 'Ravi' });
    const first = await join(asha, showId, { quantity: 2 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      entry: { quantity: 2, class: null, position: 1, status: 'waiting', offer: null, show: { _id: showId } },
    });
    expect((await join(ravi, showId, { quantity: 1, class: 'Standard' })).json().entry.position).toBe(2);
    const again = await join(asha, showId, { quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already on the waiting list for this show');
  });

  it('refuses a party that can be seated now, a bad party size or class, and the signed-out', async () => {
    const { showId, bookingIds } = await soldOutShow();
    const asha = await signUp(t.app, { name: 'Asha' });
    expect((await join(asha, showId, { quantity: 0 })).statusCode).toBe(400);
    expect((await join(asha, showId, { quantity: 9 })).json().message).toBe('Choose a party of 1 to 8');
    expect((await join(asha, showId, { quantity: 2, class: 'Gold' })).json().message).toBe(
      'This show has no class Gold',
    );
    // One row of 4: a party of 5 could never sit together, so it is not kept waiting for nothing.
    const tooBig = await join(asha, showId, { quantity: 5 });
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([
      400,
      'This show cannot seat a party of 5 together',
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${showId}/waitlist`,
      payload: { quantity: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await join(asha, crypto.randomUUID(), { quantity: 1 })).statusCode).toBe(404);
    await free(bookingIds[0]!);
    const available = await join(asha, showId, { quantity: 1 });
    expect(available.statusCode).toBe(409);
    expect(available.json().message).toBe('Seats are available — book them directly');
    // Two single seats apart do not seat a pair together: the pair may wait.
    await free(bookingIds[2]!);
    expect((await join(asha, showId, { quantity: 2 })).statusCode).toBe(201);
  });
});

describe('offers', () => {
  it('offers freed seats to the first party that fits, held as an unpaid booking for the offer window', async () => {
    const { showId, bookingIds } = await soldOutShow();
    const asha = await signUp(t.app, { name: 'Asha' });
    const ravi = await signUp(t.app, { name: 'Ravi' });
    await join(asha, showId, { quantity: 2 });
    await join(ravi, showId, { quantity: 1 });
    // One seat comes free: Asha's pair does not fit, so Ravi (second) is offered it; Asha keeps her place.
    await free(bookingIds[3]!);
    const due = await db().select().from(waitlistDue).where(eq(waitlistDue.showId, showId));
    expect(due).toHaveLength(1); // marked by the database, not by the cancel's code
    const offers = await makeOffers(deps(), t.clock.now);
    expect(offers.map((o) => o.userId)).toEqual([ravi.userId]);
    const raviEntry = await entryFor(ravi, showId);
    expect(raviEntry).toMatchObject({ status: 'offered', position: null });
    expect(raviEntry.offer!.expiresAt).toBe(new Date(t.clock.now.getTime() + 15 * MINUTE).toISOString());
    expect((await entryFor(asha, showId)).position).toBe(1);
    const [offered] = await db().select().from(bookings).where(eq(bookings.id, raviEntry.offer!.bookingId));
    expect(offered).toMatchObject({
      status: 'pending',
      channel: 'waitlist',
      seats: ['A4'],
      userId: ravi.userId,
    });
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'waitlist-offer'), eq(emailOutbox.bookingId, offered!.id)));
    expect(emails).toHaveLength(1);
    // Nothing is offered twice: the show is no longer due.
    expect(await makeOffers(deps(), t.clock.now)).toEqual([]);

    // Two seats together come free: Asha's pair is offered them.
    await free(bookingIds[0]!);
    await free(bookingIds[1]!);
    await makeOffers(deps(), t.clock.now);
    const ashaEntry = await entryFor(asha, showId);
    expect(ashaEntry.status).toBe('offered');
    const [pair] = await db().select().from(bookings).where(eq(bookings.id, ashaEntry.offer!.bookingId));
    expect(pair!.seats).toEqual(['A1', 'A2']);
  });

  it('a show whose offers fail stays due and does not hold back another show’s list', async () => {
    const broken = await soldOutShow(2);
    const fine = await soldOutShow(2);
    const asha = await signUp(t.app, { name: 'Asha' });
    const ravi = await signUp(t.app, { name: 'Ravi' });
    await join(asha, broken.showId, { quantity: 1 });
    await join(ravi, fine.showId, { quantity: 1 });
    await free(broken.bookingIds[0]!);
    await free(fine.bookingIds[0]!);
    // The broken show's seat map cannot be read: its offers throw (not a refusal).
    await db().execute(sql`update shows set layout = '{"rows": 7}'::jsonb where id = ${broken.showId}`);
    const offers = await makeOffers(deps(), t.clock.now);
    expect(offers.map((o) => o.userId)).toEqual([ravi.userId]);
    const due = await db().select().from(waitlistDue).where(eq(waitlistDue.showId, broken.showId));
    expect(due).toHaveLength(1);
    expect((await entryFor(asha, broken.showId)).status).toBe('waiting');
  });

  it('moves a lapsed offer on to the next party, and shows a paid one as booked', async () => {
    const { showId, bookingIds } = await soldOutShow(2);
    const asha = await signUp(t.app, { name: 'Asha' });
    const ravi = await signUp(t.app, { name: 'Ravi' });
    await join(asha, showId, { quantity: 1 });
    await join(ravi, showId, { quantity: 1 });
    await free(bookingIds[0]!);
    await makeOffers(deps(), t.clock.now);
    expect((await entryFor(asha, showId)).status).toBe('offered');
    expect((await entryFor(ravi, showId)).status).toBe('waiting');

    const later = new Date(t.clock.now.getTime() + 16 * MINUTE);
    expect((await entryFor(asha, showId)).status).toBe('offered'); // at the app's time, not yet lapsed
    await releaseExpiredHolds({ db: db(), now: later });
    await makeOffers(deps(), later);
    const ravis = await entryFor(ravi, showId);
    expect(ravis.status).toBe('offered');

    // Ravi pays for his offer through its payment link.
    const [offer] = await db().select().from(bookings).where(eq(bookings.id, ravis.offer!.bookingId));
    const booking = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${offer!.id}`, headers: ravi.bearer })
    ).json<{ booking: { paymentLink: string } }>().booking;
    const paymentId = booking.paymentLink.split('/pay/')[1];
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/sandbox-pay`,
      headers: ravi.bearer,
      payload: {},
    });
    expect(paid.statusCode).toBe(200);
    expect((await entryFor(ravi, showId)).status).toBe('booked');
  });

  it('cuts an offer to end 30 minutes before the start, and makes none shorter than 5 minutes', async () => {
    const soon = await soldOutShow(1, 40);
    const asha = await signUp(t.app, { name: 'Asha' });
    await join(asha, soon.showId, { quantity: 1 });
    await free(soon.bookingIds[0]!);
    await makeOffers(deps(), t.clock.now);
    const entry = await entryFor(asha, soon.showId);
    expect(entry.offer!.expiresAt).toBe(new Date(soon.startsAt.getTime() - 30 * MINUTE).toISOString());

    const tooSoon = await soldOutShow(1, 60);
    await join(asha, tooSoon.showId, { quantity: 1 });
    await free(tooSoon.bookingIds[0]!);
    const at = new Date(t.clock.now.getTime() + 26 * MINUTE); // 34 minutes before: 4 minutes of offer
    expect(await makeOffers(deps(), at)).toEqual([]);
    expect(await closeEndedWaitlists(db(), at)).toBeGreaterThanOrEqual(1);
    expect((await entryFor(asha, tooSoon.showId)).status).toBe('closed');
  });

  it('offers seats when the show is made bigger', async () => {
    const { showId } = await soldOutShow(2);
    const asha = await signUp(t.app, { name: 'Asha' });
    await join(asha, showId, { quantity: 2 });
    await db()
      .update(shows)
      .set({ layout: gridLayout(4), totalSeats: 4 })
      .where(eq(shows.id, showId));
    await makeOffers(deps(), t.clock.now);
    expect((await entryFor(asha, showId)).status).toBe('offered');
  });

  it('makes each offer once when several workers run at the same moment', async () => {
    const { showId, bookingIds } = await soldOutShow(4);
    const people = await Promise.all([1, 2, 3].map((i) => signUp(t.app, { name: `P${i}` })));
    for (const person of people) await join(person, showId, { quantity: 2 });
    await Promise.all(bookingIds.map(free));
    const runs = await Promise.all([1, 2, 3].map(() => makeOffers(deps(), t.clock.now)));
    const offered = runs.flat();
    // The first two pairs, in join order; each seat in one offer only.
    expect(offered.map((o) => o.userId).sort()).toEqual(
      people
        .slice(0, 2)
        .map((p) => p.userId)
        .sort(),
    );
    expect(offered.flatMap((o) => o.hold.seats).sort()).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect((await entryFor(people[2]!, showId)).status).toBe('waiting');
  });
});

describe('leaving and closing', () => {
  it('gives an unpaid offer back when its buyer leaves; the seats go to the next party', async () => {
    const { showId, bookingIds } = await soldOutShow(1);
    const asha = await signUp(t.app, { name: 'Asha' });
    const ravi = await signUp(t.app, { name: 'Ravi' });
    await join(asha, showId, { quantity: 1 });
    await join(ravi, showId, { quantity: 1 });
    await free(bookingIds[0]!);
    await makeOffers(deps(), t.clock.now);
    const entry = await entryFor(asha, showId);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${entry._id}`, headers: ravi.bearer }))
        .statusCode,
    ).toBe(404);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entry._id}`,
      headers: asha.bearer,
    });
    expect(left.statusCode).toBe(200);
    expect(left.json().entry.status).toBe('left');
    const [offer] = await db().select().from(bookings).where(eq(bookings.id, entry.offer!.bookingId));
    expect(offer!.status).toBe('cancelled');
    await makeOffers(deps(), t.clock.now);
    expect((await entryFor(ravi, showId)).status).toBe('offered');
  });

  it('closes the entries still waiting when the show is near, each with one email', async () => {
    const { showId } = await soldOutShow(1, 60);
    const asha = await signUp(t.app, { name: 'Asha' });
    const entryId = (await join(asha, showId, { quantity: 1 })).json().entry._id as string;
    await closeEndedWaitlists(db(), new Date(t.clock.now.getTime() + 24 * MINUTE));
    expect((await entryFor(asha, showId)).status).toBe('waiting');
    const at = new Date(t.clock.now.getTime() + 26 * MINUTE);
    expect(await closeEndedWaitlists(db(), at)).toBeGreaterThanOrEqual(1);
    expect(await closeEndedWaitlists(db(), at)).toBe(0);
    expect((await entryFor(asha, showId)).status).toBe('closed');
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `waitlist-closed:${entryId}`));
    expect(emails).toHaveLength(1);
    // A closed list takes no one.
    const ravi = await signUp(t.app, { name: 'Ravi' });
    t.clock.now = at;
    try {
      const late = await join(ravi, showId, { quantity: 1 });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('The waiting list for this show has closed');
    } finally {
      t.clock.now = new Date(at.getTime() - 26 * MINUTE);
    }
  });
});
