import { addDays, fromZonedParts, zonedDate } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { auditLog, bookings, users } from '../../db/schema.ts';

// The door on the morning of a 10:00 AM show (issue 34): when doors open, and a party let in parts.
let t: TestApp;
let asha: SignedIn;
let admin: SignedIn;
let door: SignedIn;
let showId: string;
let startsAt: Date;
let bookedAt: Date;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const timeZone = t.config.CINEMA_TIMEZONE;
  const day = addDays(zonedDate(t.clock.now, timeZone), 2);
  startsAt = fromZonedParts(day, 10 * 60, timeZone);
  bookedAt = t.clock.now;
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Morning Door', runtime: '100 min' });
  showId = (await insertShow(db, { movieId: movie.id, startsAt, screenName: 'Screen 3' })).id;
  asha = await signUp(t.app, { name: 'Asha' });
  admin = await signUp(t.app, { name: 'Admin' });
  door = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, door.userId));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

/** A paid booking made now (days before the show); the clock then goes to `at`. */
async function paidBooking(seats: string[]) {
  t.clock.now = bookedAt;
  const body = (await call('POST', '/api/bookings/create', asha, { showId, selectedSeats: seats })).json<{
    bookingId: string;
    url: string;
    booking: { reference: string };
  }>();
  const paid = await call('POST', `/api/payments/${body.url.split('/pay/')[1]}/sandbox-pay`, asha, {});
  expect(paid.statusCode).toBe(200);
  const { ticket } = (await call('GET', `/api/bookings/${body.bookingId}/ticket`, asha)).json<{
    ticket: { code: string };
  }>();
  return { id: body.bookingId, reference: body.booking.reference, code: ticket.code };
}
const at = (minutesFromStart: number) => {
  t.clock.now = new Date(startsAt.getTime() + minutesFromStart * MINUTE);
};
const screenOfShow = { movie: 'Morning Door', screen: 'Screen 3', showTime: '10:00 AM' };

describe('when the door opens', () => {
  it("tells a guest early for today's show when doors open, with the screen beside", async () => {
    const { code } = await paidBooking(['A1']);
    at(-122); // 7:58 AM
    const early = await call('POST', '/api/checkin', door, { code });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      success: false,
      message: 'Doors open at 8:00 AM for the 10:00 AM show',
      show: screenOfShow,
    });
    at(-120); // 8:00 AM
    expect((await call('POST', '/api/checkin', door, { code })).statusCode).toBe(200);
  });

  it("names the date for another day's show, as before", async () => {
    const { code } = await paidBooking(['A3']);
    at(-24 * 60);
    const early = await call('POST', '/api/checkin', door, { code });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^This ticket is for the show on \d{4}-\d\d-\d\d at 10:00 AM$/);
  });
});

describe('a party in parts', () => {
  it('admits 2 of 4 now and the rest later, says how many are in, and refuses more than the seats', async () => {
    const { id, code, reference } = await paidBooking(['B1', 'B2', 'B3', 'B4']);
    at(-30);
    const tooMany = await call('POST', '/api/checkin', door, { code, count: 5 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('This ticket is for 4 people');

    const admittedToShow = async () =>
      (await call('GET', '/api/door/shows', door))
        .json<{ shows: { _id: string; admitted: number }[] }>()
        .shows.find((s) => s._id === showId)?.admitted;
    const before = await admittedToShow();
    const two = await call('POST', '/api/checkin', door, { code, count: 2 });
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({
      success: true,
      message: 'Checked in',
      booking: { _id: id, admitted: 2, bookedSeats: ['B1', 'B2', 'B3', 'B4'] },
      admittedNow: 2,
    });
    expect(await admittedToShow()).toBe(before! + 2);
    const list = (await call('GET', `/api/door/shows/${showId}/bookings`, door)).json<{
      bookings: { _id: string; admitted: number }[];
    }>().bookings;
    expect(list.find((b) => b._id === id)?.admitted).toBe(2);

    const three = await call('POST', '/api/checkin', door, { reference, count: 3 });
    expect(three.statusCode).toBe(409);
    expect(three.json()).toMatchObject({
      message: 'Only 2 of 4 still to come in on this ticket',
      show: screenOfShow,
    });

    at(-10);
    // No count: everyone still out.
    const rest = await call('POST', '/api/checkin', door, { code });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ booking: { admitted: 4 }, admittedNow: 2 });
    const again = await call('POST', '/api/checkin', door, { code, count: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already checked in at 9:50 AM');

    const audit = await t.testDb.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.filter((e) => e.action === 'booking.check-in').map((e) => e.details)).toEqual([
      expect.objectContaining({ admitted: 2, admittedSoFar: 2 }),
      expect.objectContaining({ admitted: 2, admittedSoFar: 4 }),
    ]);
  });

  it('refuses a count that is not a whole number of people from 1 to 8', async () => {
    const { code } = await paidBooking(['C1', 'C2']);
    at(-30);
    for (const count of [0, -1, 1.5, 9, '2']) {
      const response = await call('POST', '/api/checkin', door, { code, count });
      expect(response.statusCode, String(count)).toBe(400);
    }
  });

  it('two door phones admitting one party at once never let in more people than seats', async () => {
    for (let round = 0; round < 4; round++) {
      const seats = [1, 2, 3, 4].map((n) => `${'DEFG'[round]}${n}`);
      const { id, code } = await paidBooking(seats);
      at(-20);
      // Six phones each admitting 2, and then 3, of the 4 at the same moment.
      const count = round % 2 ? 3 : 2;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call('POST', '/api/checkin', i % 2 ? door : admin, { code, count }),
        ),
      );
      const admitted = answers.filter((a) => a.statusCode === 200).length;
      expect(admitted).toBe(count === 2 ? 2 : 1);
      expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
      const [row] = await t.testDb.database.db
        .select({ admitted: bookings.admittedCount })
        .from(bookings)
        .where(eq(bookings.id, id));
      expect(row?.admitted).toBe(admitted * count);
      const audit = await t.testDb.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audit.filter((e) => e.action === 'booking.check-in')).toHaveLength(admitted);
    }
  });

  it('tells each of several phones admitting one of a party at once how many are in as of its own scan', async () => {
    const { code } = await paidBooking(['C5', 'C6', 'C7', 'C8', 'C9']);
    at(-20);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('POST', '/api/checkin', i % 2 ? door : admin, { code, count: 1 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Each scan moved the count on by one: 1 to 5, each said once, whichever committed first.
    const said = answers.map((a) => a.json<{ booking: { admitted: number } }>().booking.admitted);
    expect(said.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('the dashboard counts people in, not seats of bookings someone of which is in', async () => {
    const { code } = await paidBooking(['H1', 'H2', 'H3']);
    at(-5);
    t.clock.now = new Date(startsAt.getTime() - 5 * MINUTE);
    const before = (await call('GET', '/api/admin/admissions', admin)).json<{ admittedSeats: number }>();
    expect((await call('POST', '/api/checkin', door, { code, count: 1 })).statusCode).toBe(200);
    const after = (await call('GET', '/api/admin/admissions', admin)).json<{ admittedSeats: number }>();
    expect(after.admittedSeats - before.admittedSeats).toBe(1);
  });
});
