import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../test/app.ts';
import { shows, users } from '../db/schema.ts';
import { CROSS_SITE_REFUSED } from './cross-origin.ts';

const KIOSK = 'https://kiosk.example.com';

describe('cross-site requests and CORS', () => {
  let t: TestApp;
  let own: string;
  let admin: SignedIn;
  let showId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { CORS_ORIGINS: `${KIOSK}/` } });
    own = new URL(t.config.PUBLIC_URL).origin;
    admin = await signUp(t.app);
    await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const [show] = await t.testDb.database.db.select({ id: shows.id }).from(shows).limit(1);
    showId = show!.id;
  });
  afterAll(() => t.close());

  const showStatus = async () =>
    (await t.testDb.database.db.select({ status: shows.status }).from(shows).where(eq(shows.id, showId)))[0]!
      .status;

  it('refuses a cookie-authenticated change from another origin of the same site, changing nothing', async () => {
    const cases: Record<string, string>[] = [
      { origin: 'http://localhost:3001' },
      { origin: 'null' },
      { referer: 'http://evil.localhost:3000/form.html' },
      {},
    ];
    for (const headers of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/shows/${showId}/cancel`,
        headers: { cookie: admin.cookie, 'content-type': 'text/plain', ...headers },
        payload: '',
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ success: false, message: CROSS_SITE_REFUSED });
    }
    expect(await showStatus()).toBe('active');
  });

  it("guards better-auth's own endpoints too", async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: admin.cookie, origin: 'http://127.0.0.1:9999' },
      payload: { name: 'Forged' },
    });
    expect(refused.statusCode).toBe(403);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: admin.cookie, origin: own },
      payload: { name: 'Renamed' },
    });
    expect(allowed.statusCode).toBe(200);
    const [user] = await t.testDb.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(user!.name).toBe('Renamed');
  });

  it("accepts the app's own origin, its Referer when no Origin is sent, an allowed origin, and bearer calls", async () => {
    const attempt = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/update-favourites',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { movieId: 'not-a-movie' },
      });
    const cases: Record<string, string>[] = [
      { cookie: admin.cookie, origin: own },
      { cookie: admin.cookie, referer: `${own}/movies` },
      { cookie: admin.cookie, origin: KIOSK },
      admin.bearer,
      { ...admin.bearer, cookie: admin.cookie, origin: 'http://evil.example' },
    ];
    for (const headers of cases) {
      const response = await attempt(headers);
      expect(response.statusCode, JSON.stringify(headers)).not.toBe(403);
      expect(response.json().message).not.toBe(CROSS_SITE_REFUSED);
    }
  });

  it('takes a localhost app opened at 127.0.0.1 or [::1] on the same port as itself, to sign in and to change', async () => {
    const { port } = new URL(own);
    const email = `loopback-${Date.now()}@example.com`;
    const person = await signUp(t.app, { email });
    for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        // A browser that signed in before sends its cookie: the origin is checked then.
        headers: { origin, cookie: person.cookie, 'content-type': 'application/json' },
        payload: { email, password: 'correct-horse-9' },
      });
      expect(signIn.statusCode, `${origin}: ${signIn.body}`).toBe(200);
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/user/update-favourites',
        headers: { cookie: person.cookie, origin, 'content-type': 'application/json' },
        payload: { movieId: 'not-a-movie' },
      });
      expect(change.json().message, origin).not.toBe(CROSS_SITE_REFUSED);
    }
    // Another port of the same machine is another app.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        origin: `http://127.0.0.1:${Number(port) + 1}`,
        cookie: person.cookie,
        'content-type': 'application/json',
      },
      payload: { email, password: 'correct-horse-9' },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('answers an allowed origin’s preflight and echoes it with credentials on answers', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/bookings/create',
      headers: {
        origin: KIOSK,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(KIOSK);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('content-type');
    expect(preflight.headers.vary).toContain('Origin');

    const answer = await t.app.inject({ method: 'GET', url: '/api/movies', headers: { origin: KIOSK } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(KIOSK);
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(answer.headers.vary).toContain('Origin');
  });

  it('gives other origins nothing', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/bookings/create',
      headers: { origin: 'https://kiosk.example.com.evil.net', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.json().success).toBe(false);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/movies',
      headers: { origin: 'http://kiosk.example.com' },
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers.vary).toContain('Origin');
  });
});
