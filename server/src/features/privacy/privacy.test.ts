import type { Booking, DataExport } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, bookingSeats, invoices, sessions, users } from '../../db/schema.ts';
import { DELETED_ACCOUNT } from './close-account.ts';

// The buyer's own data (CONTRACT §2, docs/privacy.md): the export, and deleting the account.
let t: TestApp;
let movieId: string;
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Privacy Test', languages: ['Hindi'] })).id;
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;

let nth = 0;
/** A show `ms` from now (a minute apart from every other, one live show per film per start). */
async function showIn(ms: number) {
  const startsAt = new Date(t.clock.now.getTime() + ms + ++nth * 60_000);
  return (await insertShow(db(), { movieId, startsAt })).id;
}

async function book(who: SignedIn, showId: string, seats: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ bookingId: string; url: string }>();
}

async function pay(who: SignedIn, url: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${url.split('/').pop()}/sandbox-pay`,
    headers: who.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const remove = (who: SignedIn, payload: unknown, headers: Record<string, string> = who.bearer) =>
  t.app.inject({ method: 'DELETE', url: '/api/user', headers, payload: payload as object });

const exportOf = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/user/export', headers: who.bearer });

describe('GET /api/user/export', () => {
  it('gives the account, its bookings, favourites, waiting list and invoices, and nothing secret', async () => {
    const asha = await signUp(t.app, { name: 'Asha Export' });
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: asha.bearer,
      payload: { phone: '098765 43210' },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const paid = await book(asha, await showIn(48 * hour), ['A1', 'A2']);
    await pay(asha, paid.url);
    const held = await book(asha, await showIn(72 * hour), ['B1']);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/update-favourites',
      headers: asha.bearer,
      payload: { movieId },
    });

    const response = await exportOf(asha);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="marquee-my-data-/);
    const data = response.json<DataExport>();
    expect(data.account).toMatchObject({ id: asha.userId, name: 'Asha Export', phone: '+919876543210' });
    expect(data.bookings.map((b) => b._id).sort()).toEqual([paid.bookingId, held.bookingId].sort());
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]!.buyer.name).toBe('Asha Export');
    expect(data.favourites.map((m) => m._id)).toEqual([movieId]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'email and password' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    // Never a password hash or a session token.
    expect(response.body).not.toContain(asha.token);
    expect(response.body).not.toMatch(/"password"|scrypt|\$argon/);
  });

  it('needs a signed-in account', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/user', () => {
  it('needs the password, and a wrong one changes nothing', async () => {
    const ravi = await signUp(t.app, { name: 'Ravi Wrong' });
    const held = await book(ravi, await showIn(48 * hour), ['C1']);
    const none = await remove(ravi, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ success: false, message: 'Please enter your password to confirm' });
    const wrong = await remove(ravi, { password: 'not-the-password' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect');
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, held.bookingId));
    expect(booking!.status).toBe('pending');
    expect((await exportOf(ravi)).statusCode).toBe(200);
  });

  it('refuses while a paid booking is for a show still to come, and allows it after the show', async () => {
    const meera = await signUp(t.app, { name: 'Meera Future' });
    const paid = await book(meera, await showIn(48 * hour), ['D1']);
    await pay(meera, paid.url);
    const refused = await remove(meera, { password: 'correct-horse-9' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/^You have paid bookings for shows still to come/);
    expect((await exportOf(meera)).statusCode).toBe(200);

    // Two days on, the show is over: the account can go; the paid booking stays, without her.
    const then = t.clock.now;
    t.clock.now = new Date(then.getTime() + 50 * hour);
    try {
      const deleted = await remove(meera, { password: 'correct-horse-9' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toMatchObject({ success: true, message: 'Your account has been deleted' });
      const [kept] = await db().select().from(bookings).where(eq(bookings.id, paid.bookingId));
      expect(kept).toMatchObject({ status: 'paid', userId: DELETED_ACCOUNT.id });
      const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, paid.bookingId));
      expect(invoice!.buyerName).toBe('Deleted account');
    } finally {
      t.clock.now = then;
    }
  });

  it('releases unpaid holds, keeps paid past bookings anonymised, ends every session', async () => {
    const kiran = await signUp(t.app, { name: 'Kiran Gone', email: `kiran-${Date.now()}@example.com` });
    const past = await book(kiran, await showIn(2 * hour), ['E1']);
    await pay(kiran, past.url);
    const held = await book(kiran, await showIn(30 * hour), ['F1', 'F2']);
    // The past show has been and gone.
    const then = t.clock.now;
    t.clock.now = new Date(then.getTime() + 3 * hour);
    try {
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: {
          email: (await db().select().from(users).where(eq(users.id, kiran.userId)))[0]!.email,
          password: 'correct-horse-9',
        },
      });
      expect(other.statusCode).toBe(200);
      const otherToken = other.json<{ token: string }>().token;

      const deleted = await remove(kiran, { password: 'correct-horse-9' });
      expect(deleted.statusCode, deleted.body).toBe(200);

      const [hold] = await db().select().from(bookings).where(eq(bookings.id, held.bookingId));
      expect(hold!.status).toBe('cancelled');
      const live = await db()
        .select()
        .from(bookingSeats)
        .where(sql`${bookingSeats.bookingId} = ${held.bookingId} and ${bookingSeats.isLive}`);
      expect(live).toEqual([]);
      expect(await db().select().from(users).where(eq(users.id, kiran.userId))).toEqual([]);
      expect(await db().select().from(sessions).where(eq(sessions.userId, kiran.userId))).toEqual([]);
      const [kept] = await db().select().from(bookings).where(eq(bookings.id, past.bookingId));
      expect(kept).toMatchObject({ status: 'paid', userId: DELETED_ACCOUNT.id });

      // Neither session works any more.
      for (const token of [kiran.token, otherToken]) {
        const after = await t.app.inject({
          method: 'GET',
          url: '/api/user/export',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(after.statusCode).toBe(401);
      }
      // Staff still find the booking, without the buyer.
      const [row] = await db().select().from(users).where(eq(users.id, DELETED_ACCOUNT.id));
      expect(row).toMatchObject({ name: 'Deleted account', banned: true });
    } finally {
      t.clock.now = then;
    }
  });

  it('is not for staff or admin accounts', async () => {
    const staff = await signUp(t.app, { name: 'Sam Staff' });
    await db().update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
    const refused = await remove(staff, { password: 'correct-horse-9' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Staff and admin accounts cannot be deleted here/);
  });

  it('is not reachable through better-auth’s own delete-user path', async () => {
    const nisha = await signUp(t.app, { name: 'Nisha Path' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: nisha.bearer,
      payload: { password: 'correct-horse-9' },
    });
    expect(response.statusCode).toBe(404);
    expect((await exportOf(nisha)).statusCode).toBe(200);
  });
});

describe('the mobile number on the account', () => {
  it('is optional at sign-up, kept as +91 and 10 digits, and a bad one is a 400 in plain words', async () => {
    const signUpWith = (phone: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: {
          name: 'Phone Person',
          email: `p${Math.random()}@example.com`,
          password: 'correct-horse-9',
          phone,
        },
      });
    const good = await signUpWith('+91 98765-43210');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().user.phone).toBe('+919876543210');
    for (const bad of ['12345', '+91 58765 43210', '+1 415 555 0100', 'nine']) {
      const refused = await signUpWith(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toBe('Please enter a mobile number as +91 and 10 digits');
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'No Phone', email: `n${Math.random()}@example.com`, password: 'correct-horse-9' },
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().user.phone ?? null).toBeNull();
  });

  it('is changed and removed on the profile, and the counter finds the bookings by it', async () => {
    const priya = await signUp(t.app, { name: 'Priya Counter' });
    const set = (phone: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: priya.bearer,
        payload: { phone },
      });
    expect((await set('9988776655')).statusCode).toBe(200);
    const booked = await book(priya, await showIn(24 * hour), ['G1']);
    expect((await set('99887')).statusCode).toBe(400);

    const admin = await signUp(t.app, { name: 'Counter Staff' });
    await db().update(users).set({ role: 'staff' }).where(eq(users.id, admin.userId));
    const find = (phone: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/boxoffice/bookings?phone=${encodeURIComponent(phone)}`,
        headers: admin.bearer,
      });
    const found = await find('+91 99887 76655');
    expect(found.statusCode, found.body).toBe(200);
    const list = found.json<{ bookings: Booking[] }>().bookings;
    expect(list.map((b) => b._id)).toEqual([booked.bookingId]);
    expect(list[0]!.user).toMatchObject({ name: 'Priya Counter', phone: '+919988776655' });
    expect((await find('12345')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/boxoffice/bookings?phone=9988776655',
          headers: priya.bearer,
        })
      ).statusCode,
    ).toBe(403);

    expect((await set('')).statusCode).toBe(200);
    expect((await find('9988776655')).json<{ bookings: Booking[] }>().bookings).toEqual([]);
  });
});
