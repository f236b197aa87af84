import { fromZonedParts, zonedDate } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertBooking, insertMovie, insertShow } from '../../fixtures/factories.ts';
import { auditLog, bookings, users } from '../../db/schema.ts';
import { showDateTime } from './admission-booking.ts';

let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let admin: SignedIn;
let door: SignedIn;
let soonShowId: string;
let laterShowId: string;
let laterShowStartsAt: Date;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  // Noon in the cinema's zone: "today's shows" at the door then hold a show an hour ahead, whatever
  // the hour the suite runs at (an hour ahead of 11:30 PM is tomorrow).
  const timeZone = t.config.CINEMA_TIMEZONE;
  t.clock.now = fromZonedParts(zonedDate(t.clock.now, timeZone), 12 * 60, timeZone);
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Door Test', runtime: '100 min' });
  soonShowId = (await insertShow(db, { movieId: movie.id, startsAt: new Date(t.clock.now.getTime() + HOUR) }))
    .id;
  laterShowStartsAt = new Date(t.clock.now.getTime() + 26 * HOUR);
  laterShowId = (await insertShow(db, { movieId: movie.id, startsAt: laterShowStartsAt })).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  admin = await signUp(t.app, { name: 'Admin' });
  door = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, door.userId));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

async function book(who: SignedIn, seats: string[], { pay = true, showId = soonShowId } = {}) {
  const body = (await call('POST', '/api/bookings/create', who, { showId, selectedSeats: seats })).json<{
    bookingId: string;
    url: string;
    booking: { reference: string };
  }>();
  if (pay) {
    const paymentId = body.url.split('/pay/')[1];
    const paid = await call('POST', `/api/payments/${paymentId}/sandbox-pay`, who, {});
    expect(paid.statusCode).toBe(200);
  }
  return { id: body.bookingId, reference: body.booking.reference };
}
const ticketOf = async (who: SignedIn, id: string) =>
  (await call('GET', `/api/bookings/${id}/ticket`, who)).json<{
    ticket: { code: string; reference: string };
  }>().ticket;

describe('references', () => {
  it('every booking has a unique reference that reads aloud, in every booking answer', async () => {
    const created = await book(asha, ['A1'], { pay: false });
    expect(created.reference).toMatch(/^[2-9A-HJ-NP-Z]{6,10}$/);
    const read = (await call('GET', `/api/bookings/${created.id}`, asha)).json<{
      booking: { reference: string };
    }>();
    expect(read.booking.reference).toBe(created.reference);
    const list = (await call('GET', '/api/bookings/user', asha)).json<{
      bookings: { reference: string }[];
    }>();
    expect(list.bookings.map((b) => b.reference)).toContain(created.reference);

    // Rows written any other way get one too, all different.
    const { db } = t.testDb.database;
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        insertBooking(db, {
          userId: ravi.userId,
          showId: laterShowId,
          seats: [`H${i + 1 > 12 ? 12 : i + 1}`],
          now: t.clock.now,
          status: 'pending',
        }).catch(() => null),
      ),
    );
    const rows = await db.select({ reference: bookings.reference }).from(bookings);
    expect(made.some(Boolean)).toBe(true);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
    for (const { reference } of rows) expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  });

  it('the admin bookings search finds a booking by its reference, typed loosely', async () => {
    const { reference, id } = await book(ravi, ['A3'], { pay: false });
    const typed = `${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)}`;
    const found = (await call('GET', `/api/admin/bookings?q=${encodeURIComponent(typed)}`, admin)).json<{
      bookings: { _id: string; reference: string }[];
    }>();
    expect(found.bookings.map((b) => b._id)).toEqual([id]);
  });
});

describe('GET /api/bookings/{id}/ticket', () => {
  it('gives the owner, staff and admins the ticket of a paid booking, and nobody else', async () => {
    const { id, reference } = await book(asha, ['B1', 'B2']);
    const response = await call('GET', `/api/bookings/${id}/ticket`, asha);
    expect(response.statusCode).toBe(200);
    const { ticket } = response.json<{ ticket: Record<string, unknown> }>();
    expect(ticket).toMatchObject({
      reference,
      code: expect.stringMatching(/^M1\./),
      movie: 'Door Test',
      screen: expect.any(String),
      seats: ['B1', 'B2'],
      ...showDateTime(new Date(t.clock.now.getTime() + HOUR), t.config.CINEMA_TIMEZONE),
    });
    expect(ticket.code).not.toContain(id);
    expect(JSON.stringify(ticket.code)).not.toMatch(/asha|@/i);
    expect((await call('GET', `/api/bookings/${id}/ticket`, door)).statusCode).toBe(200);
    expect((await call('GET', `/api/bookings/${id}/ticket`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/bookings/${id}/ticket`, ravi)).json()).toEqual({
      success: false,
      message: 'Not authorized',
    });
    expect((await call('GET', `/api/bookings/${id}/ticket`, ravi)).statusCode).toBe(403);
    expect((await call('GET', `/api/bookings/${id}/ticket`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/bookings/not-an-id/ticket`, asha)).statusCode).toBe(404);
  });

  it('answers 409 naming the state of a booking that is not paid', async () => {
    const pending = await book(asha, ['C1'], { pay: false });
    const response = await call('GET', `/api/bookings/${pending.id}/ticket`, asha);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'This booking is pending payment' });

    const paid = await book(asha, ['C3']);
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${paid.id}/cancel`, headers: asha.bearer });
    const cancelled = await call('GET', `/api/bookings/${paid.id}/ticket`, asha);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/refunded|cancelled/);
  });
});

describe('POST /api/checkin', () => {
  it('admits a paid booking once, and says when to every later scan', async () => {
    const { id } = await book(asha, ['D1', 'D2']);
    const { code } = await ticketOf(asha, id);
    const first = await call('POST', '/api/checkin', door, { code });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Checked in',
      booking: {
        _id: id,
        bookedSeats: ['D1', 'D2'],
        user: { name: 'Asha' },
        checkedInAt: expect.any(String),
      },
    });
    const at = showDateTime(t.clock.now, t.config.CINEMA_TIMEZONE).showTime;
    for (const who of [door, admin]) {
      const again = await call('POST', '/api/checkin', who, { code });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        success: false,
        message: `Already checked in at ${at}`,
        // Beside the message: the show, so the door can say which screen.
        show: {
          movie: 'Door Test',
          screen: expect.any(String),
          showDate: expect.any(String),
          showTime: expect.any(String),
        },
      });
    }
    const audit = await t.testDb.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.filter((e) => e.action === 'booking.check-in')).toHaveLength(1);
    expect(audit.find((e) => e.action === 'booking.check-in')?.actorId).toBe(door.userId);
  });

  it('admits by a typed reference too, in any case and with spaces', async () => {
    const { reference } = await book(ravi, ['D5']);
    const typed = ` ${reference.slice(0, 4).toLowerCase()} ${reference.slice(4)} `;
    const response = await call('POST', '/api/checkin', door, { reference: typed });
    expect(response.statusCode).toBe(200);
    expect(response.json().booking.reference).toBe(reference);
  });

  it('refuses altered, foreign and unknown codes and references as an invalid ticket', async () => {
    const { id } = await book(ravi, ['D7']);
    const { code } = await ticketOf(ravi, id);
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    for (const bad of [
      { code: flip(code, code.length - 3) },
      { code: flip(code, 12) },
      { code: 'hello' },
      { code: `${code}x` },
      { reference: 'ZZZZZZZZ' },
      { reference: 'O0I1' },
      // Longer than any the app issues: the same words, not the schema's.
      { code: 'x'.repeat(10_000) },
      { reference: 'Z'.repeat(41) },
    ]) {
      const response = await call('POST', '/api/checkin', door, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Invalid ticket' });
    }
    expect((await call('POST', '/api/checkin', door, {})).statusCode).toBe(400);
    // Still admissible: nothing above touched it.
    expect((await call('POST', '/api/checkin', door, { code })).statusCode).toBe(200);
  });

  it('refuses a booking that is not paid, naming its state', async () => {
    const pending = await book(ravi, ['E1'], { pay: false });
    const response = await call('POST', '/api/checkin', door, { reference: pending.reference });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: 'This booking is pending payment' });
    const paid = await book(ravi, ['E3']);
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${paid.id}/cancel`, headers: ravi.bearer });
    const cancelled = await call('POST', '/api/checkin', door, { reference: paid.reference });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/^This booking was (refunded|cancelled)$/);
  });

  it('refuses a ticket for a show that is not within two hours of starting, or that ended', async () => {
    const later = await book(asha, ['A5'], { showId: laterShowId });
    const { showDate, showTime } = showDateTime(laterShowStartsAt, t.config.CINEMA_TIMEZONE);
    const early = await call('POST', '/api/checkin', door, { reference: later.reference });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      success: false,
      message: `This ticket is for the show on ${showDate} at ${showTime}`,
    });

    const soon = await book(asha, ['F1']);
    const realNow = t.clock.now;
    try {
      // 100 minutes of film from an hour on: over at 2 h 40 min from now.
      t.clock.now = new Date(realNow.getTime() + HOUR + 101 * 60_000);
      const ended = await call('POST', '/api/checkin', door, { reference: soon.reference });
      expect(ended.statusCode).toBe(409);
      expect(ended.json().message).toMatch(
        /^This ticket is for the show on \d{4}-\d\d-\d\d at \d{1,2}:\d\d [AP]M$/,
      );
      // Doors open two hours before: the later show at 24 h 1 min from the start of this test.
      t.clock.now = new Date(laterShowStartsAt.getTime() - 2 * HOUR + 60_000);
      expect((await call('POST', '/api/checkin', door, { reference: later.reference })).statusCode).toBe(200);
    } finally {
      t.clock.now = realNow;
    }
  });

  it('of two simultaneous check-ins of one ticket, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await book(asha, [`G${round + 1}`]);
      const { code } = await ticketOf(asha, id);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => call('POST', '/api/checkin', i % 2 ? door : admin, { code })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const audit = await t.testDb.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audit.filter((e) => e.action === 'booking.check-in')).toHaveLength(1);
    }
  });

  it('is for staff and admins only', async () => {
    expect((await call('POST', '/api/checkin', null, { reference: 'ABCDEFGH' })).statusCode).toBe(401);
    const refused = await call('POST', '/api/checkin', asha, { reference: 'ABCDEFGH' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: 'Not authorized' });
  });
});

describe('roles', () => {
  it('staff are not admins, and reach the door but nothing else of the admin area', async () => {
    expect((await call('GET', '/api/admin/is-admin', door)).json()).toMatchObject({ isAdmin: false });
    expect((await call('GET', '/api/admin/dashboard', door)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/bookings', door)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/users', door)).statusCode).toBe(403);
    const doorShows = await call('GET', '/api/door/shows', door);
    expect(doorShows.statusCode).toBe(200);
    const today = doorShows.json<{ shows: { _id: string; sold: number; admitted: number }[] }>().shows;
    expect(today.find((s) => s._id === soonShowId)).toMatchObject({ sold: expect.any(Number) });
    expect((await call('GET', '/api/door/shows', asha)).statusCode).toBe(403);
  });

  it('an admin grants and revokes staff at once, for sessions already signed in', async () => {
    const newcomer = await signUp(t.app, { name: 'Newcomer' });
    expect((await call('POST', '/api/checkin', newcomer, { reference: 'ABCDEFGH' })).statusCode).toBe(403);
    const grant = await call('POST', '/api/auth/admin/set-role', admin, {
      userId: newcomer.userId,
      role: 'staff',
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ success: true, user: { role: 'staff' } });
    expect((await call('POST', '/api/checkin', newcomer, { reference: 'ABCDEFGH' })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/is-admin', newcomer)).json().isAdmin).toBe(false);

    const both = await call('POST', '/api/auth/admin/set-role', admin, {
      userId: newcomer.userId,
      role: ['staff', 'admin'],
    });
    expect(both.json().user.role).toBe('staff,admin');
    expect((await call('GET', '/api/admin/is-admin', newcomer)).json().isAdmin).toBe(true);

    await call('POST', '/api/auth/admin/set-role', admin, { userId: newcomer.userId, role: 'user' });
    expect((await call('POST', '/api/checkin', newcomer, { reference: 'ABCDEFGH' })).statusCode).toBe(403);
    const audit = await t.testDb.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, newcomer.userId));
    expect(audit.filter((e) => e.action === 'user.set-role')).toHaveLength(3);
  });

  it('refuses unknown roles, non-admins, and an admin removing their own admin role', async () => {
    expect(
      (await call('POST', '/api/auth/admin/set-role', admin, { userId: asha.userId, role: 'owner' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/auth/admin/set-role', door, { userId: door.userId, role: 'admin' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/auth/admin/set-role', null, { userId: door.userId, role: 'admin' }))
        .statusCode,
    ).toBe(401);
    const self = await call('POST', '/api/auth/admin/set-role', admin, {
      userId: admin.userId,
      role: 'staff',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, message: 'You cannot remove your own admin role' });
    expect((await call('GET', '/api/admin/is-admin', admin)).json().isAdmin).toBe(true);
    expect(
      (await call('POST', '/api/auth/admin/set-role', admin, { userId: 'nobody', role: 'staff' })).statusCode,
    ).toBe(404);
  });

  it("the dashboard counts today's admissions; staff may not read it", async () => {
    const answer = await call('GET', '/api/admin/admissions', admin);
    expect(answer.statusCode).toBe(200);
    // D1 D2, D5, D7 and G1…G5 were admitted by the tests above (A5 on a later day's clock).
    expect(answer.json()).toMatchObject({
      admittedSeats: 9,
      admittedBookings: 8,
      lastCheckInAt: expect.any(String),
    });
    expect((await call('GET', '/api/admin/admissions', door)).statusCode).toBe(403);
  });

  it('the Users page finds people and shows their roles', async () => {
    const found = (await call('GET', '/api/admin/users?q=door', admin)).json<{
      users: { _id: string; roles: string[]; lastSignInAt: string | null }[];
    }>();
    expect(found.users).toEqual([
      expect.objectContaining({ _id: door.userId, roles: ['staff'], lastSignInAt: expect.any(String) }),
    ]);
  });
});
