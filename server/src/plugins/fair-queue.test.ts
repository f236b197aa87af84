import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { testDatabaseKind } from '../../test/database.ts';
import { openDatabase } from '../db/client.ts';
import { BUSY } from './error-handler.ts';

/** The embedded database's queue, seen over HTTP: a full queue answers 503 at once; nothing is lost. */
describe.runIf(testDatabaseKind === 'pglite')('the embedded database queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory', queueLimit: 2 });
    t = await createTestApp({
      testDb: { database, drop: () => database.close() },
      // Every request asks the database for its session, so each one joins the queue.
      env: { SESSION_CACHE_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.drop();
  });

  it('answers 503 with Retry-After beyond the limit, and serves the requests that waited', async () => {
    const queue = t.testDb.database.queue!;
    const people = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    // Something holds the database (long transactions, as many as it is handed at once):
    // requests line up behind them.
    const releases: (() => void)[] = [];
    const held = Array.from({ length: queue.depth }, () =>
      queue.run(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    const ask = (i: number) =>
      t.app.inject({ method: 'GET', url: '/api/bookings/user', headers: people[i]!.bearer });
    const waiting = [ask(0), ask(1)];
    await vi.waitFor(() => expect(queue.length).toBe(2));

    const refused = await ask(2);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ success: false, message: BUSY });

    for (const release of releases) release();
    await Promise.all(held);
    for (const answer of await Promise.all(waiting)) expect(answer.statusCode).toBe(200);
    expect((await ask(2)).statusCode).toBe(200);
  });
});
