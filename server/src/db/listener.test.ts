import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { testDatabaseKind } from '../../test/database.ts';
import { subscribeSeats } from '../../test/seat-stream.ts';
import { openDatabase, type ListenerEvent } from './client.ts';
import { insertMovie, insertShow } from '../fixtures/factories.ts';

describe.runIf(testDatabaseKind === 'postgres')('the LISTEN connection', () => {
  let t: TestApp;
  let other: TestApp;
  let showId: string;
  const baseUrls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A second app on its own connections stands in for a second server process.
    const database = await openDatabase({ databaseUrl: t.testDb.url, migrate: false, poolSize: 4 });
    other = await createTestApp({ testDb: { database, url: t.testDb.url, drop: () => database.close() } });
    for (const app of [t.app, other.app]) baseUrls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    const movie = await insertMovie(t.testDb.database.db, { title: 'Reconnect' });
    const show = await insertShow(t.testDb.database.db, {
      movieId: movie.id,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    showId = show.id;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  async function hold(seats: string[]) {
    const buyer = await signUp(other.app);
    const created = await other.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: buyer.bearer,
      payload: { showId, selectedSeats: seats },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
  }

  async function adminQuery(text: string, values: unknown[] = []) {
    const admin = new pg.Client({ connectionString: t.testDb.url });
    await admin.connect();
    try {
      return (await admin.query(text, values)).rows;
    } finally {
      await admin.end();
    }
  }

  it('is replaced when PostgreSQL drops it, and changes reach open seat streams again', async () => {
    const stream = await subscribeSeats(baseUrls[0]!, showId);
    await stream.next();
    const restored = new Promise<ListenerEvent>((resolve) => {
      const stop = t.testDb.database.onListenerEvent((event) => {
        if (event.state !== 'restored') return;
        stop();
        resolve(event);
      });
    });
    const pid = t.testDb.database.stats().listener!.backendPid;
    expect(pid).toEqual(expect.any(Number));
    const started = performance.now();
    await adminQuery('select pg_terminate_backend($1)', [pid]);
    const event = await restored;
    const measured = Math.round(performance.now() - started);
    expect(t.testDb.database.stats().listener).toMatchObject({ connected: true, reconnects: 1 });
    expect(t.testDb.database.stats().listener!.backendPid).not.toBe(pid);

    await hold(['D5', 'D6']);
    await stream.until((map) => Boolean(map.occupiedSeats.D5 && map.occupiedSeats.D6));
    stream.close();
    console.info(
      `listener reconnect: ${event.state === 'restored' ? event.downMs : '?'} ms after the loss was noticed, ` +
        `${measured} ms after pg_terminate_backend`,
    );
  });

  it('sends open seat streams and readers what changed while it was down', async () => {
    const stream = await subscribeSeats(baseUrls[0]!, showId);
    const before = await stream.next();
    expect(before.occupiedSeats.F1).toBeUndefined();
    // Read through the cache so there is something to go stale.
    await fetch(`${baseUrls[0]}/api/bookings/seats/${showId}`);

    // Keep this process's listener down (every new one is terminated) until the hold commits,
    // so the hold's notification is certainly missed.
    const otherPid = other.testDb.database.stats().listener!.backendPid;
    let holding = true;
    const blocker = (async () => {
      while (holding) {
        await adminQuery(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'marquee-listener' and datname = current_database() and pid <> $1`,
          [otherPid],
        );
      }
    })();
    try {
      await hold(['F1', 'F2']);
    } finally {
      holding = false;
      await blocker;
    }

    const seen = await stream.until((map) => Boolean(map.occupiedSeats.F1 && map.occupiedSeats.F2));
    expect(seen.occupiedSeats.F2).toBe(true);
    const answer = await fetch(`${baseUrls[0]}/api/bookings/seats/${showId}`);
    const body = (await answer.json()) as { occupiedSeats: Record<string, true> };
    expect(body.occupiedSeats.F1).toBe(true);
    stream.close();
  });
});
