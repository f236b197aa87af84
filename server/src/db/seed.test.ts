import { addDays, layoutClasses, zonedDate } from '@marquee/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { seedIfEmpty } from './seed.ts';
import { bookingSeats, movies, screens, shows } from './schema.ts';

const timeZone = 'Asia/Kolkata';
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('the sample catalogue', () => {
  it('seeds an empty database once', async () => {
    const now = new Date();
    expect(await seedIfEmpty({ db: t.database.db, timeZone, now })).toBe(true);
    expect(await seedIfEmpty({ db: t.database.db, timeZone, now })).toBe(false);
    const [{ value: movieCount }] = (await t.database.db.select({ value: count() }).from(movies)) as [
      { value: number },
    ];
    expect(movieCount).toBeGreaterThanOrEqual(5);
  });

  it('has shows of 96 seats on each of the next three days in the cinema time zone', async () => {
    const rows = await t.database.db.select().from(shows);
    const today = zonedDate(new Date(), timeZone);
    const dates = new Set(rows.map((row) => zonedDate(row.startsAt, timeZone)));
    for (let day = 1; day <= 3; day++) expect(dates.has(addDays(today, day))).toBe(true);
    expect(rows.every((row) => row.totalSeats === 96)).toBe(true);
  });

  it('has one cancelled show and one sold-out show', async () => {
    const rows = await t.database.db.select().from(shows);
    expect(rows.filter((row) => row.status === 'cancelled')).toHaveLength(1);
    const live = await t.database.db
      .select({ showId: bookingSeats.showId, value: count() })
      .from(bookingSeats)
      .where(eq(bookingSeats.isLive, true))
      .groupBy(bookingSeats.showId);
    expect(live).toHaveLength(1);
    expect(Number(live[0]!.value)).toBe(96);
  });

  it('has two screens, Screen 2 with classes, an aisle and wheelchair spaces, shows on both, none overlapping', async () => {
    const rows = await t.database.db.select().from(screens).orderBy(screens.name);
    expect(rows.map((row) => row.name)).toEqual(['Screen 1', 'Screen 2']);
    const screen2 = rows[1]!.layout;
    expect(layoutClasses(screen2)).toEqual(['Classic', 'Prime', 'Recliner']);
    expect(screen2.rows.every((row) => row.seats.includes(null))).toBe(true);
    const kinds = screen2.rows.flatMap((row) => row.seats.map((seat) => seat?.kind));
    expect(kinds.filter((kind) => kind === 'wheelchair')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'companion')).toHaveLength(2);

    const all = await t.database.db.select().from(shows);
    const today = zonedDate(new Date(), timeZone);
    for (const day of [1, 2]) {
      const onScreen2 = all.filter(
        (show) => show.screenId === rows[1]!.id && zonedDate(show.startsAt, timeZone) === addDays(today, day),
      );
      expect(onScreen2.length).toBeGreaterThan(0);
    }
    const live = all.filter((show) => show.status === 'active');
    for (const a of live) {
      expect(a.screenFreeAt).not.toBeNull();
      const clash = live.find(
        (b) =>
          b.id !== a.id &&
          b.screenId === a.screenId &&
          b.startsAt < a.screenFreeAt! &&
          a.startsAt < b.screenFreeAt!,
      );
      expect(clash).toBeUndefined();
    }
  });

  it('gives every movie a shipped poster', async () => {
    const rows = await t.database.db.select().from(movies);
    for (const row of rows) expect(row.poster).toMatch(/^\/posters\/[a-z-]+\.svg$/);
  });
});
