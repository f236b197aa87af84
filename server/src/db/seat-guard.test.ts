import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { pgErrorCode } from './client.ts';
import { insertBooking, insertMovie, insertShow, insertUser } from '../fixtures/factories.ts';
import { bookingSeats } from './schema.ts';

let t: TestDatabase;
let showId: string;
let userId: string;
const now = new Date();

beforeAll(async () => {
  t = await createTestDatabase();
  const movie = await insertMovie(t.database.db, { title: 'Guard' });
  showId = (
    await insertShow(t.database.db, { movieId: movie.id, startsAt: new Date(Date.now() + 86_400_000) })
  ).id;
  userId = (await insertUser(t.database.db, { name: 'A', email: 'a@example.com' })).id;
});
afterAll(() => t.drop());

async function claimError(seats: string[]) {
  try {
    await t.database.db.transaction((tx) => insertBooking(tx, { userId, showId, seats, now }));
    return null;
  } catch (error) {
    return pgErrorCode(error);
  }
}

describe('the database guard against double claims', () => {
  it('refuses a second live claim on a seat (unique violation)', async () => {
    expect(await claimError(['D1', 'D2'])).toBeNull();
    expect(await claimError(['D3', 'D2'])).toBe('23505');
  });

  it('rolls back the whole claim: no seat of a refused booking is held', async () => {
    const live = await t.database.db.select().from(bookingSeats).where(eq(bookingSeats.seat, 'D3'));
    expect(live).toEqual([]);
  });

  it('lets a seat be claimed again once the earlier claim is released', async () => {
    await t.database.db.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.seat, 'D2'));
    expect(await claimError(['D2'])).toBeNull();
    const rows = await t.database.db.select().from(bookingSeats).where(eq(bookingSeats.seat, 'D2'));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.isLive)).toHaveLength(1);
  });
});
