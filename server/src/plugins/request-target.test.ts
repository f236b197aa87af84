import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../test/app.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { insertMovie, insertShow } from '../fixtures/factories.ts';
import { shows, users } from '../db/schema.ts';
import { PATH_REFUSED } from './request-target.ts';

const LIMIT = 3;
const wrongPassword = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' });
const json = { 'content-type': 'application/json' };

let t: TestApp;
let port: number;
let admin: SignedIn;
let showId: string;

// Over TCP: app.inject and fetch resolve dot segments and absolute-form targets themselves.
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  const db = t.testDb.database.db;
  admin = await signUp(t.app);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  const movie = await insertMovie(db, { title: 'Spellings' });
  showId = (await insertShow(db, { movieId: movie.id, startsAt: new Date(Date.now() + 86_400_000) })).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** The next minute: a fresh rate-limit window for this address. */
const nextMinute = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 60_000);
};

describe('one spelling per path', () => {
  it('refuses, before any route, a target better-auth or a router would read as another path', async () => {
    nextMinute();
    const targets = [
      'http://x/api/auth/sign-in/email',
      'HTTP://127.0.0.1/api/auth/sign-in/email',
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/%2E%2e/auth/sign-in/email',
      '/api/auth/.%2E/auth/sign-in/email',
      '/api/auth/sign-in/email/.',
      '/api/auth/sign-in/x/..',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in%2femail',
      '/api/auth/sign-in%2Femail',
      '/api/auth%5csign-in/email',
      '/api/auth\\sign-in/email',
      '/api/auth/sign-%69n/email',
      '/%61pi/auth/sign-in/email',
      // Browsers never send a fragment; the router and better-auth drop it, request.url keeps it.
      '/api/auth/sign-in/email#x',
      '/api/auth/sign-in/email?x#/../y',
    ];
    for (const target of targets) {
      // More attempts than the limit allows: none may reach the password check or the limiter.
      for (let i = 0; i <= LIMIT; i++) {
        const answer = await rawRequest(port, 'POST', target, { headers: json, body: wrongPassword });
        expect(answer.status, target).toBe(400);
        expect(JSON.parse(answer.body), target).toEqual({ success: false, message: PATH_REFUSED });
      }
    }
    // The plain spelling still reaches better-auth, and the query is not the path.
    const plain = await rawRequest(port, 'POST', '/api/auth/sign-in/email?x=/../%2e', {
      headers: json,
      body: wrongPassword,
    });
    expect(plain.status).toBe(401);
    const search = await rawRequest(port, 'GET', '/api/movies?q=..%2F.%2e//x');
    expect(search.status).toBe(200);
  });

  it('answers get-session without the token however its path is spelled', async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    for (const target of ['/api/auth/get-session', '/api/auth/get-session?x=1', '/api/auth/get-session#x']) {
      const answer = await rawRequest(port, 'GET', target, { headers });
      expect(answer.body, target).not.toContain(admin.token);
    }
  });

  it('counts sign-in attempts per address however the path is spelled', async () => {
    nextMinute();
    for (let i = 0; i < LIMIT; i++) {
      const answer = await rawRequest(port, 'POST', '/api/auth/sign-in/email', {
        headers: json,
        body: wrongPassword,
      });
      expect(answer.status).toBe(401);
    }
    for (const target of ['/api/auth/sign-in/email/', '/api/auth/sign-in/email?again=1']) {
      const answer = await rawRequest(port, 'POST', target, { headers: json, body: wrongPassword });
      expect(answer.status, target).toBe(429);
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        message: 'Too many attempts. Please wait a minute and try again.',
      });
    }
  });

  it('an absolute-form target neither skips input hygiene (no 500) nor the cross-site guard', async () => {
    nextMinute();
    const reset = await rawRequest(port, 'POST', 'http://x/api/auth/reset-password', {
      headers: json,
      body: JSON.stringify({ token: 'a\u0000b', newPassword: 'a-new-password-1' }),
    });
    expect(reset.status).toBe(400);

    const cancel = await rawRequest(port, 'POST', `http://x/api/shows/${showId}/cancel`, {
      headers: { ...json, cookie: admin.cookie, origin: 'http://evil.localhost:3000' },
      body: JSON.stringify({ reason: 'forged' }),
    });
    expect(cancel.status).toBe(400);
    const [show] = await t.testDb.database.db
      .select({ status: shows.status })
      .from(shows)
      .where(eq(shows.id, showId));
    expect(show!.status).toBe('active');
  });
});
