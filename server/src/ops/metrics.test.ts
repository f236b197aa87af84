import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { insertMovie, insertShow } from '../fixtures/factories.ts';

let t: TestApp;
let showId: string;
beforeAll(async () => {
  t = await createTestApp();
  const movie = await insertMovie(t.testDb.database.db, { title: 'Metrics' });
  showId = (
    await insertShow(t.testDb.database.db, { movieId: movie.id, startsAt: new Date(Date.now() + 86_400_000) })
  ).id;
});
afterAll(() => t.close());

function metricValue(text: string, name: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests per route, holds made and refused, and reads expiry lag from the database', async () => {
    const buyer = await signUp(t.app);
    const rival = await signUp(t.app);
    const hold = (who: typeof buyer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: who.bearer,
        payload: { showId, selectedSeats: ['B5', 'B6'] },
      });
    expect((await hold(buyer)).statusCode).toBeLessThan(300);
    expect((await hold(rival)).statusCode).toBe(409);
    await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${showId}` });

    // The hold's window has passed and no sweeper ran: the lag is how overdue it is.
    t.clock.now = new Date(t.clock.now.getTime() + (t.config.PAYMENT_WINDOW_SECONDS + 30) * 1000);
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(metricValue(text, 'marquee_holds_total{outcome="made"}')).toBe(1);
    expect(metricValue(text, 'marquee_holds_total{outcome="refused"}')).toBe(1);
    expect(
      metricValue(
        text,
        'marquee_http_requests_total{method="GET",route="/api/bookings/seats/:showId",status="200"}',
      ),
    ).toBe(1);
    expect(text).toContain(
      'marquee_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/bookings/create"}',
    );
    expect(metricValue(text, 'marquee_expiry_lag_seconds')).toBeGreaterThanOrEqual(29);
    expect(metricValue(text, 'marquee_refunds_pending')).toBe(0);
    expect(metricValue(text, 'marquee_seat_streams_open')).toBe(0);
    if (t.testDb.database.kind === 'postgres') {
      expect(metricValue(text, 'marquee_db_pool_connections{state="max"}')).toBeGreaterThan(0);
      expect(metricValue(text, 'marquee_db_listener_connected')).toBe(1);
    }
  });

  it('answers only local callers that did not come through a proxy', async () => {
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ success: false, message: 'Not authorized' });
  });

  it('asks for METRICS_TOKEN when one is set, from anywhere', async () => {
    const guarded = await createTestApp({
      testDb: t.testDb,
      env: { METRICS_TOKEN: 'scrape-token-0123456789' },
    });
    try {
      const without = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(without.statusCode).toBe(401);
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer scrape-token-0123456789' },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await guarded.app.close();
    }
  });
});

describe('request ids', () => {
  it('reach the client in X-Request-Id, and in the body of a server failure; a proxy may set them', async () => {
    const failing = await createTestApp({
      testDb: t.testDb,
      env: { TRUST_PROXY: '127.0.0.1' },
      extend: (app) =>
        app.get('/api/test-failure', async () => {
          throw new Error('database exploded');
        }),
    });
    try {
      const fine = await failing.app.inject({ method: 'GET', url: '/api/movies' });
      expect(fine.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      const missing = await failing.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(missing.json()).toEqual({ success: false, message: expect.any(String) });

      const failed = await failing.app.inject({ method: 'GET', url: '/api/test-failure' });
      expect(failed.statusCode).toBe(500);
      const body = failed.json<{ success: boolean; message: string; requestId: string }>();
      expect(body).toMatchObject({ success: false, requestId: failed.headers['x-request-id'] });
      expect(body.message).not.toContain('exploded');

      const given = await failing.app.inject({
        method: 'GET',
        url: '/api/test-failure',
        headers: { 'x-request-id': 'lb-7f3a.42' },
      });
      expect(given.json()).toMatchObject({ requestId: 'lb-7f3a.42' });
      const forged = await failing.app.inject({
        method: 'GET',
        url: '/api/movies',
        headers: { 'x-request-id': 'x"} {"level":60' },
      });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await failing.app.close();
    }
  });

  it('are our own when no proxy is trusted: a client cannot choose the id its log lines carry', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/movies',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const behindProxy = await createTestApp({ testDb: t.testDb, env: { TRUST_PROXY: '10.0.0.1' } });
    try {
      const headers = { 'x-request-id': 'lb-7f3a.42' };
      const direct = await behindProxy.app.inject({ method: 'GET', url: '/api/movies', headers });
      expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const proxied = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/movies',
        headers,
        remoteAddress: '10.0.0.1',
      });
      expect(proxied.headers['x-request-id']).toBe('lb-7f3a.42');
    } finally {
      await behindProxy.app.close();
    }
  });
});
