import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../test/app.ts';
import { movies, shows, users } from '../db/schema.ts';
import { INVALID_TEXT } from './input-hygiene.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

describe('input hygiene and answer shape', () => {
  let t: TestApp;
  let admin: SignedIn;
  let movieId: string;

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      // debug: a successful read's request line too (ops/request-log.ts), so its address is checked.
      logger: { level: 'debug', stream: logStream },
      extend(app) {
        app.get('/api/test/failing-query', async () => {
          await t.testDb.database.db.execute(sql`select ${'secret-param-value'}::int`);
          return { success: true, message: 'unreachable' };
        });
      },
    });
    admin = await signUp(t.app);
    await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const [movie] = await t.testDb.database.db.select({ id: movies.id }).from(movies).limit(1);
    movieId = movie!.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'HEAD', url: string, payload?: unknown, auth = true) =>
    t.app.inject({
      method,
      url,
      headers: auth ? admin.bearer : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('answers 400 to NUL characters and unpaired surrogates wherever they are', async () => {
    const movieCount = async () => (await t.testDb.database.db.select({ id: movies.id }).from(movies)).length;
    const before = await movieCount();
    for (const [method, url, payload] of [
      ['POST', '/api/movies', { Title: 'Bad\u0000Title', Year: '2020' }],
      ['POST', '/api/movies', { Title: 'Broken \ud800 text', Year: '2020' }],
      ['POST', '/api/movies', { Title: 'Fine', Year: '2020', Plot: { nested: ['\udc00'] } }],
      ['GET', '/api/admin/bookings?q=a%00b'],
      ['GET', '/api/admin/audit?action=show%00cancel'],
      ['GET', `/api/movies/${movieId}%00`],
      [
        'POST',
        '/api/auth/sign-up/email',
        { name: 'Nul\u0000', email: 'nul@example.com', password: 'long-enough-1' },
      ],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toEqual({ success: false, message: INVALID_TEXT });
    }
    expect(await movieCount()).toBe(before);
  });

  it('takes real calendar dates and real numbers only', async () => {
    const impossible = await call('GET', '/api/admin/shows?date=9999-99-99');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toMatchObject({ success: false, message: 'date is YYYY-MM-DD' });
    expect((await call('GET', '/api/admin/bookings?date=2025-02-30')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/shows?date=2025-02-28')).statusCode).toBe(200);

    const showCount = async () => (await t.testDb.database.db.select({ id: shows.id }).from(shows)).length;
    const before = await showCount();
    for (const totalSeats of [[96], true, null]) {
      const response = await call('POST', '/api/shows', {
        movie: movieId,
        showPrice: 250,
        totalSeats,
        dateTimings: [{ date: '2099-01-01', time: ['10:00 AM'] }],
      });
      expect(response.statusCode, JSON.stringify(totalSeats)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(await showCount()).toBe(before);
  });

  it("keeps better-auth's answers in the contract's shape", async () => {
    const nullName = await call('POST', '/api/auth/update-user', { name: null });
    expect(nullName.statusCode).toBe(400);
    expect(nullName.json()).toEqual({ success: false, message: 'Name must be text' });

    const unknown = await call('GET', '/api/auth/no-such-endpoint');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: expect.any(String) });

    const head = await call('HEAD', '/api/auth/get-session');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('application/json');

    const sessions = await call('GET', '/api/auth/list-sessions');
    expect(sessions.statusCode).toBe(200);
    const listed = sessions.json<{ success: boolean; message: string; sessions: object[] }>();
    expect(listed).toMatchObject({ success: true, message: expect.any(String) });
    expect(listed.sessions.length).toBeGreaterThan(0);
    expect(sessions.body).not.toContain(admin.token.split('.')[0]);
    for (const session of listed.sessions) expect(session).not.toHaveProperty('token');
  });

  it("answers Fastify's own URL errors and unknown paths in the contract's shape", async () => {
    for (const url of ['/api/%ff', '/api/movies/%E0%A4%A']) {
      const response = await call('GET', url, undefined, false);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'The address is not valid' });
    }
    const missing = await call('GET', `/api/nothing-here/${'x'.repeat(5_000)}`, undefined, false);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message.length).toBeLessThan(300);
  });

  it('logs neither query parameters nor unbounded request values', async () => {
    logLines.length = 0;
    const failed = await call('GET', '/api/test/failing-query', undefined, false);
    expect(failed.statusCode).toBe(500);
    // A server failure names its request id (ops), and nothing of the query.
    expect(failed.json()).toEqual({
      success: false,
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(failed.body).not.toContain('secret-param-value');

    const callbackURL = `https://example.com/${'a'.repeat(20_000)}`;
    await call('GET', `/api/auth/get-session?callbackURL=${callbackURL}`, undefined, false);

    const log = logLines.join('');
    expect(log).toContain('"url":"/api/auth/get-session?callbackURL=https://example.com/aaa');
    expect(log).toContain('request failed');
    expect(log).not.toContain('secret-param-value');
    expect(log).not.toContain('a'.repeat(1_000));
  });
});
