import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';
import { auditLog, users } from '../../db/schema.ts';
import { EnvError } from '../../env.ts';
import { ensureAdmin, setRole } from './ensure-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { AUTH_RATE_LIMIT: '5', TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': '198.51.100.1', ...headers },
  });

describe('sign-up and sign-in', () => {
  it('signs up, returning a token that works as a bearer and a session cookie', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Asha',
      email: 'asha@example.com',
      password: 'secret-pass-1',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, user: { name: 'Asha', email: 'asha@example.com' } });
    // The header carries the signed form of the same token; both work as a bearer.
    const headerToken = String(response.headers['set-auth-token']);
    expect(headerToken.startsWith(`${body.token}.`)).toBe(true);
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);

    for (const token of [body.token, headerToken]) {
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/admin/is-admin',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(check.json()).toEqual({ success: true, message: 'Checked', isAdmin: false });
    }
  });

  it('signs in with the password, and the session cookie works too', async () => {
    const response = await post('/api/auth/sign-in/email', {
      email: 'asha@example.com',
      password: 'secret-pass-1',
    });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe('asha@example.com');
    // The session's token would work as a bearer for anyone who saw the answer: it is not in it.
    const { token } = response.json<{ token: string }>();
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
      expect(answer.json().session.id).toEqual(expect.any(String));
      expect(answer.body).not.toContain(token);
    }
  });

  it('says plainly when the email is taken, the password weak, or the credentials wrong', async () => {
    const taken = await post(
      '/api/auth/sign-up/email',
      { name: 'X', email: 'asha@example.com', password: 'another-pass-1' },
      { 'x-forwarded-for': '198.51.100.2' },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      success: false,
      message: 'An account with this email already exists',
    });

    const weak = await post(
      '/api/auth/sign-up/email',
      { name: 'X', email: 'weak@example.com', password: 'short' },
      { 'x-forwarded-for': '198.51.100.2' },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ success: false, message: 'Password must be at least 8 characters' });

    const wrong = await post(
      '/api/auth/sign-in/email',
      { email: 'asha@example.com', password: 'not-the-password' },
      { 'x-forwarded-for': '198.51.100.2' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
  });

  it('refuses a blank or overlong name at sign-up, as the profile does', async () => {
    for (const [name, message] of [
      ['   ', 'Please enter your name'],
      ['x'.repeat(5_000), 'Name must be at most 100 characters'],
    ] as const) {
      const answer = await post(
        '/api/auth/sign-up/email',
        { name, email: `named-${name.length}@example.com`, password: 'a-good-password-1' },
        { 'x-forwarded-for': '198.51.100.3' },
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, message });
    }
    const [stored] = await t.testDb.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'named-3@example.com'));
    expect(stored).toBeUndefined();
  });

  it('answers a signed-out session check with success and no user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(response.json()).toEqual({ success: true, message: 'Not signed in', session: null, user: null });
  });

  it('signs out: the token stops working', async () => {
    const person = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: person.bearer,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/is-admin', headers: person.bearer });
    expect(after.statusCode).toBe(401);
  });
});

describe('rate limit on sign-in and sign-up', () => {
  it('counts change-password guesses too, and serves no verify-password at all', async () => {
    const person = await signUp(t.app);
    const guess = (currentPassword: string) =>
      post(
        '/api/auth/change-password',
        { currentPassword, newPassword: 'a-new-password-1' },
        { ...person.bearer, 'x-forwarded-for': '203.0.113.40' },
      );
    for (let i = 0; i < 5; i++) expect((await guess(`wrong-guess-${i}`)).statusCode).toBe(400);
    expect((await guess('wrong-guess-5')).statusCode).toBe(429);
    const verify = await post(
      '/api/auth/verify-password',
      { password: 'wrong-guess-6' },
      { ...person.bearer, 'x-forwarded-for': '203.0.113.41' },
    );
    expect(verify.statusCode).toBe(404);
  });

  it('allows AUTH_RATE_LIMIT attempts a minute per address, then answers 429', async () => {
    const attempt = (ip: string) =>
      post(
        '/api/auth/sign-in/email',
        { email: 'nobody@example.com', password: 'whatever-1' },
        { 'x-forwarded-for': ip },
      );
    for (let i = 0; i < 5; i++) expect((await attempt('203.0.113.9')).statusCode).toBe(401);
    const blocked = await attempt('203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    // Another address is not affected, and the next minute starts afresh.
    expect((await attempt('203.0.113.10')).statusCode).toBe(401);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    expect((await attempt('203.0.113.9')).statusCode).toBe(401);
  });

  it('counts attempts on every process of the database together', async () => {
    const other = await createTestApp({
      testDb: t.testDb,
      env: { AUTH_RATE_LIMIT: '5', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      t.clock.now = new Date(t.clock.now.getTime() + 60_000);
      other.clock.now = t.clock.now;
      const attempt = (app: typeof t.app) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: 'nobody@example.com' },
          headers: { 'x-forwarded-for': '203.0.113.20' },
        });
      const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => attempt(i % 2 ? other.app : t.app)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await attempt(other.app)).statusCode).toBe(429);
      expect((await attempt(t.app)).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });
});

describe('authorization', () => {
  it('refuses every user call without a session: 401 Authentication required', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/is-admin'],
      ['GET', '/api/user/favourites'],
      ['POST', '/api/user/update-favourites'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ success: false, message: 'Authentication required' });
    }
  });

  it('refuses a forged or revoked bearer token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/favourites',
      headers: { authorization: 'Bearer forged.token' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('admin accounts', () => {
  it('ensures the configured admin exists and is an admin, idempotently', async () => {
    const { db } = t.testDb.database;
    await ensureAdmin({ db, auth: t.app.deps.auth, email: 'Boss@Example.com', password: 'boss-pass-123' });
    await ensureAdmin({ db, auth: t.app.deps.auth, email: 'boss@example.com', password: 'other-pass-123' });
    const rows = await db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('admin');
    // The existing password is kept.
    const signIn = await post(
      '/api/auth/sign-in/email',
      { email: 'boss@example.com', password: 'boss-pass-123' },
      { 'x-forwarded-for': '192.0.2.50' },
    );
    expect(signIn.statusCode).toBe(200);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/admin/is-admin',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(check.json().isAdmin).toBe(true);
  });

  it('never promotes an account someone else signed up under ADMIN_EMAIL: start-up stops and says why', async () => {
    const { db } = t.testDb.database;
    // Signed up before the operator configured the address, with the attacker's own password.
    const squatter = await signUp(t.app, { email: 'owner@example.com', password: 'attacker-pass-1' });
    const attempt = ensureAdmin({
      db,
      auth: t.app.deps.auth,
      email: 'Owner@example.com',
      password: 'operator-pass-1',
    });
    await expect(attempt).rejects.toThrow(EnvError);
    await expect(attempt).rejects.toThrow(
      /owner@example\.com already has an account that is not an admin.*npm run admin -- promote/s,
    );
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, squatter.userId));
    expect(row!.role).toBe('user');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/is-admin', headers: squatter.bearer })).json()
        .isAdmin,
    ).toBe(false);
  });

  it('promotes an account signed up earlier with ADMIN_PASSWORD itself, and audits it', async () => {
    const { db } = t.testDb.database;
    const operator = await signUp(t.app, { email: 'manager@example.com', password: 'manager-pass-1' });
    await ensureAdmin({
      db,
      auth: t.app.deps.auth,
      email: 'manager@example.com',
      password: 'manager-pass-1',
    });
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, operator.userId));
    expect(row!.role).toBe('admin');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, operator.userId));
    expect(entry).toMatchObject({
      actorId: null,
      action: 'user.set-role',
      details: { from: 'user', to: 'admin' },
    });
  });

  it('promotes and demotes an existing account, and reports an unknown one', async () => {
    const { db } = t.testDb.database;
    const person = await signUp(t.app, { email: 'staff@example.com' });
    expect(await setRole({ db, email: 'STAFF@example.com', role: 'admin' })).toMatchObject({
      changed: { role: 'admin' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/is-admin', headers: person.bearer })).json()
        .isAdmin,
    ).toBe(true);
    // As `npm run admin` does from another process: the app hears of it by NOTIFY (within a second).
    expect(await setRole({ db, email: 'staff@example.com', role: 'user' })).toMatchObject({
      changed: { role: 'user' },
    });
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: '/api/admin/is-admin', headers: person.bearer })).json()
            .isAdmin,
        { timeout: 1_000, interval: 10 },
      )
      .toBe(false);
    expect(await setRole({ db, email: 'ghost@example.com', role: 'admin' })).toEqual({
      refused: 'not-found',
    });
  });
});
