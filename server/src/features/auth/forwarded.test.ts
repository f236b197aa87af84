import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';

const LIMIT = 3;

describe('TRUST_PROXY: whose forwarded address the rate limit believes', () => {
  let t: TestApp | undefined;
  // One database for the three configurations; each uses its own addresses.
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const attempt = (app: TestApp, remoteAddress: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
    });

  it('unset: a forged X-Forwarded-For changes nothing; the peer address is limited', async () => {
    t = await createTestApp({ testDb, env: { AUTH_RATE_LIMIT: String(LIMIT) } });
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await attempt(t, '198.51.100.7', `203.0.113.${i + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    // Another real client is unaffected.
    expect((await attempt(t, '198.51.100.8', '203.0.113.1')).statusCode).toBe(401);
  });

  it('set to the proxy: the address the proxy reports is the client, and a client cannot forge past it', async () => {
    t = await createTestApp({ testDb, env: { AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '10.0.0.1' } });
    const viaProxy = (clientSays: string) => attempt(t!, '10.0.0.1', `${clientSays}, 192.0.2.44`);
    const statuses = [];
    // The proxy appends the real client (192.0.2.44); whatever the client wrote before it is ignored.
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await viaProxy(`203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
    // Not through the trusted proxy: the header is not believed either.
    const direct = [];
    for (let i = 0; i < LIMIT + 1; i++)
      direct.push((await attempt(t, '198.51.100.9', `203.0.113.${i + 50}`)).statusCode);
    expect(direct).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('a hop count trusts that many proxies', async () => {
    t = await createTestApp({ testDb, env: { AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' } });
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push((await attempt(t, '10.0.0.1', `198.18.0.${i + 1}, 192.0.2.45`)).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});
