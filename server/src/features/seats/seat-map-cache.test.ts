import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { insertBooking, insertMovie, insertShow, insertUser } from '../../fixtures/factories.ts';
import { bookingSeats } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { SEAT_CHANNEL, SEAT_MAP_MAX_AGE_MS, SeatMapCache } from './seat-map-cache.ts';

let t: TestDatabase;
let showId: string;
let userId: string;
const now = new Date('2030-01-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  const movie = await insertMovie(t.database.db, { title: 'Cache Test' });
  showId = (
    await insertShow(t.database.db, { movieId: movie.id, startsAt: new Date('2030-01-02T10:00:00Z') })
  ).id;
  userId = (await insertUser(t.database.db, { name: 'Buyer', email: 'buyer@example.com' })).id;
});
afterAll(() => t.drop());

async function read(cache: SeatMapCache, at: Date) {
  const body = await cache.read(showId, at.getTime());
  return JSON.parse(body!.toString()) as {
    occupiedSeats: Record<string, true>;
    availableSeats: number;
    status: string;
  };
}

/** Waits until `check` passes: notifications arrive asynchronously after commit. */
async function eventually(check: () => Promise<void>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('seat map cache', () => {
  it('stops counting a hold the instant its window closes, with no write', async () => {
    const cache = new SeatMapCache(t.database.db);
    const expiresAt = new Date(now.getTime() + 60_000);
    await insertBooking(t.database.db, {
      userId,
      showId,
      seats: ['A1', 'A2'],
      now,
      status: 'pending',
      expiresAt,
    });
    await insertBooking(t.database.db, {
      userId,
      showId,
      seats: ['B1'],
      now,
      status: 'paid',
    });

    expect(Object.keys((await read(cache, now)).occupiedSeats).sort()).toEqual(['A1', 'A2', 'B1']);
    expect((await read(cache, new Date(expiresAt.getTime() - 1))).availableSeats).toBe(93);
    const after = await read(cache, expiresAt);
    expect(Object.keys(after.occupiedSeats)).toEqual(['B1']);
    expect(after.availableSeats).toBe(95);
  });

  it('stays cached until told, then reloads', async () => {
    const cache = new SeatMapCache(t.database.db);
    const before = await read(cache, now);
    await insertBooking(t.database.db, {
      userId,
      showId,
      seats: ['C5'],
      now,
      status: 'paid',
    });
    expect(await read(cache, now)).toEqual(before);
    cache.invalidate(showId);
    expect((await read(cache, now)).occupiedSeats.C5).toBe(true);
  });

  it('hears changes from another connection to the same database', async () => {
    const cache = new SeatMapCache(t.database.db);
    const unlisten = await t.database.listen(SEAT_CHANNEL, (id) => cache.invalidate(id));
    // On PostgreSQL the writer is a separate pool, as another server process would be.
    const writer: Database = t.url
      ? await openDatabase({ databaseUrl: t.url, migrate: false, poolSize: 1 })
      : t.database;
    try {
      await read(cache, now);
      // No NOTIFY of our own: the booking_seats trigger sends it with the change.
      await writer.db.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.seat, 'C5'));
      await eventually(async () => {
        expect((await read(cache, now)).occupiedSeats.C5).toBeUndefined();
      });
    } finally {
      await unlisten();
      if (writer !== t.database) await writer.close();
    }
  });

  it('is read afresh SEAT_MAP_MAX_AGE_MS after its first read, whatever it heard', async () => {
    const cache = new SeatMapCache(t.database.db);
    await read(cache, now);
    // Sold with no news at all: as if the telling process had died right after its commit.
    await insertBooking(t.database.db, { userId, showId, seats: ['D7'], now, status: 'paid' });
    const almost = new Date(now.getTime() + SEAT_MAP_MAX_AGE_MS - 1);
    expect((await read(cache, almost)).occupiedSeats.D7).toBeUndefined();
    const aged = new Date(now.getTime() + SEAT_MAP_MAX_AGE_MS);
    expect((await read(cache, aged)).occupiedSeats.D7).toBe(true);
  });

  it('tells every process of changes made here after commit, changes made meanwhile together', async () => {
    const heard: string[] = [];
    const unlisten = await t.database.listen(SEAT_CHANNEL, (id) => heard.push(id));
    let tellings = 0;
    // Only a telling executes a statement of its own (reads go through select).
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          tellings++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const cache = new SeatMapCache(db);
    const other = '00000000-0000-4000-8000-000000000001';
    try {
      await read(cache, now);
      await insertBooking(t.database.db, { userId, showId, seats: ['D8'], now, status: 'paid' });
      // The entry here is dropped at once, before any telling is sent.
      const told = Promise.all([cache.changed(showId), cache.changed(other), cache.changed(showId)]);
      expect((await read(cache, now)).occupiedSeats.D8).toBe(true);
      await told;
      expect(tellings).toBe(1);
      // One on its way: the next changes wait for it and go together.
      const first = cache.changed(showId);
      await Promise.resolve();
      await Promise.all([first, cache.changed(other), cache.changed(showId)]);
      expect(tellings).toBe(3);
      // `other` has no seats to write: only the tellings name it, once each.
      await eventually(async () => {
        expect(heard.filter((id) => id === other)).toHaveLength(2);
      });
    } finally {
      await unlisten();
    }
  });

  it('answers a read that comes after a change from the database as it is since, not from a load begun before', async () => {
    // The second select of the first load (the show's claims) runs at once, but its rows are held
    // back until the test lets them go: a load that read the claims before the change below.
    let claimsRead!: () => void;
    const claimsWereRead = new Promise<void>((resolve) => (claimsRead = resolve));
    let letGo!: () => void;
    const heldBack = new Promise<void>((resolve) => (letGo = resolve));
    let selects = 0;
    const holdBack = <T extends object>(builder: T): T =>
      new Proxy(builder, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown;
          if (typeof value !== 'function') return value;
          if (property === 'then')
            return (onRows: (rows: unknown) => unknown, onError: (error: unknown) => unknown) =>
              (value as PromiseLike<unknown>['then'])
                .call(target, (rows) => {
                  claimsRead();
                  return heldBack.then(() => rows);
                })
                .then(onRows, onError);
          return (...args: unknown[]) => {
            const next = (value as (...a: unknown[]) => unknown).apply(target, args);
            return next !== null && typeof next === 'object' ? holdBack(next) : next;
          };
        },
      });
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const builder = (value as (...a: unknown[]) => object).apply(target, args);
          return ++selects === 2 ? holdBack(builder) : builder;
        };
      },
    }) as Db;
    const cache = new SeatMapCache(db);
    const before = read(cache, now);
    await claimsWereRead;
    await insertBooking(t.database.db, { userId, showId, seats: ['E9'], now, status: 'paid' });
    cache.invalidate(showId);
    const after = read(cache, now);
    letGo();
    // The read begun before the change may answer as things were; the one after may not.
    expect((await before).occupiedSeats.E9).toBeUndefined();
    expect((await after).occupiedSeats.E9).toBe(true);
    expect((await read(cache, now)).occupiedSeats.E9).toBe(true);
  });

  it('answers null for a show that does not exist', async () => {
    const cache = new SeatMapCache(t.database.db);
    expect(await cache.read('00000000-0000-4000-8000-000000000000', now.getTime())).toBeNull();
    expect(await cache.read('garbage', now.getTime())).toBeNull();
  });
});
