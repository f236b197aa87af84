import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { users } from '../../db/schema.ts';
import { SHARE_RATE_LIMIT } from './routes.ts';
import { SHARE_GONE } from './share-ticket.ts';

// A ticket to share (CONTRACT §6, issue 34): a signed, revocable link that opens without an account.
let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let door: SignedIn;
let showId: string;
let startsAt: Date;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Share Test', runtime: '100 min' });
  startsAt = new Date(t.clock.now.getTime() + 5 * HOUR);
  showId = (await insertShow(db, { movieId: movie.id, startsAt })).id;
  asha = await signUp(t.app, { name: 'Asha Secretname', email: 'asha.share@example.test' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  door = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'staff,admin' }).where(eq(users.id, door.userId));
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  who: SignedIn | null,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

async function book(seats: string[], pay = true) {
  const body = (await call('POST', '/api/bookings/create', asha, { showId, selectedSeats: seats })).json<{
    bookingId: string;
    url: string;
    booking: { reference: string };
  }>();
  if (pay) {
    const paid = await call('POST', `/api/payments/${body.url.split('/pay/')[1]}/sandbox-pay`, asha, {});
    expect(paid.statusCode).toBe(200);
  }
  return { id: body.bookingId, reference: body.booking.reference };
}
const share = async (id: string, who: SignedIn | null = asha) =>
  call('POST', `/api/bookings/${id}/share`, who);
const tokenOf = (url: string) => url.split('/share/')[1]!;
const open = (token: string) => call('GET', `/api/share/${token}`, null);

describe('share links', () => {
  it('the buyer gets one link; it opens the ticket, and nothing more, without an account', async () => {
    const { id, reference } = await book(['A1', 'A2']);
    const made = await share(id);
    expect(made.statusCode).toBe(200);
    const { url } = made.json<{ url: string }>();
    expect(url.startsWith(`${t.config.PUBLIC_URL}/share/`)).toBe(true);
    expect(url).not.toContain(id);
    // Asking again gives the same link: a friend who has it keeps it.
    expect((await share(id)).json().url).toBe(url);

    const opened = await open(tokenOf(url));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const { ticket } = opened.json<{ ticket: Record<string, unknown> }>();
    expect(ticket).toMatchObject({ reference, movie: 'Share Test', seats: ['A1', 'A2'], admitted: 0 });
    // Nothing of the buyer: no name, email, account, booking id or money.
    const text = JSON.stringify(opened.json());
    for (const secret of ['Secretname', 'asha.share', asha.userId, id, 'amount', 'invoice'])
      expect(text).not.toContain(secret);
    // Its QR code is the ticket's: the friend gets in with it.
    const realNow = t.clock.now;
    try {
      t.clock.now = new Date(startsAt.getTime() - HOUR);
      const admitted = await call('POST', '/api/checkin', door, { code: ticket.code, count: 1 });
      expect(admitted.statusCode).toBe(200);
      expect((await open(tokenOf(url))).json().ticket.admitted).toBe(1);
    } finally {
      t.clock.now = realNow;
    }
  });

  it('only the buyer makes or revokes a link', async () => {
    const { id } = await book(['B1']);
    expect((await share(id, null)).statusCode).toBe(401);
    expect((await share(id, ravi)).statusCode).toBe(403);
    expect((await share(id, door)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/bookings/${id}/share`, ravi)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/bookings/${id}/share`, null)).statusCode).toBe(401);
    expect((await share('not-an-id')).statusCode).toBe(404);
    expect((await share('0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10')).statusCode).toBe(404);
  });

  it('revoking kills every link given so far; a new one works', async () => {
    const { id } = await book(['C1', 'C2']);
    const old = tokenOf((await share(id)).json().url);
    expect((await open(old)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/bookings/${id}/share`, asha);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: 'Share link revoked' });
    const gone = await open(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, message: SHARE_GONE });
    const fresh = tokenOf((await share(id)).json().url);
    expect(fresh).not.toBe(old);
    expect((await open(fresh)).statusCode).toBe(200);
    expect((await open(old)).statusCode).toBe(404);
  });

  it('opens nothing for an altered token, a door code, or after the show ends', async () => {
    const { id } = await book(['D1']);
    const token = tokenOf((await share(id)).json().url);
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    const { ticket } = (await call('GET', `/api/bookings/${id}/ticket`, asha)).json<{
      ticket: { code: string };
    }>();
    for (const bad of [flipped, ticket.code, 'nothing', `${token}x`]) {
      const response = await open(encodeURIComponent(bad));
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().message).toBe(SHARE_GONE);
    }
    const realNow = t.clock.now;
    try {
      t.clock.now = new Date(startsAt.getTime() + 101 * 60_000);
      expect((await open(token)).statusCode).toBe(404);
      expect((await share(id)).statusCode).toBe(409);
    } finally {
      t.clock.now = realNow;
    }
  });

  it('says so when the booking is no longer paid, and gives no link for an unpaid one', async () => {
    const unpaid = await book(['E1'], false);
    const refused = await share(unpaid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This booking is pending payment');

    const { id } = await book(['E3']);
    const token = tokenOf((await share(id)).json().url);
    expect((await call('PUT', `/api/bookings/${id}/cancel`, asha)).statusCode).toBe(200);
    const cancelled = await open(token);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/^This booking was (refunded|cancelled)$/);
  });

  it('is rate-limited per address, like sign-in', async () => {
    const { id } = await book(['F1']);
    const token = tokenOf((await share(id)).json().url);
    const realNow = t.clock.now;
    try {
      // A fresh minute of the app's clock: nothing counted in it yet.
      t.clock.now = new Date(Math.ceil(realNow.getTime() / 60_000) * 60_000 + 60_000);
      for (let i = 0; i < SHARE_RATE_LIMIT; i++) expect((await open(token)).statusCode).toBe(200);
      const limited = await open(token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().success).toBe(false);
    } finally {
      t.clock.now = realNow;
    }
  });
});
