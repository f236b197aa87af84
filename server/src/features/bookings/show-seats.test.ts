import { gridLayout, layoutSchema, seatIds } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { showSeats, shows } from '../../db/schema.ts';
import { insertMovie, insertShow, insertUser } from '../../fixtures/factories.ts';
import { holdSeats } from './hold-seats.ts';

/**
 * The hold finds seats in show_seats (issue 35), which the database keeps from each show's layout
 * (db/sql/marquee_sync_show_seats.sql): made with the show, written again when its layout changes.
 */
let t: TestDatabase;
let movieId: string;
let userId: string;
const now = new Date();
let shift = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  movieId = (await insertMovie(t.database.db, { title: 'Seats by id' })).id;
  userId = (await insertUser(t.database.db, { name: 'Asha', email: 'asha@example.com' })).id;
});
afterAll(() => t.drop());

/** Row A Classic (₹150), row B Recliner (₹450), with an aisle gap in A. */
const layout = layoutSchema.parse({
  rows: [
    { seats: [{ class: 'Classic' }, { class: 'Classic' }, null, { class: 'Classic' }] },
    { seats: [{ class: 'Recliner' }, { class: 'Recliner' }] },
  ],
});

const showOn = async (fields: Partial<Parameters<typeof insertShow>[1]> = {}) =>
  insertShow(t.database.db, {
    movieId,
    startsAt: new Date(now.getTime() + 86_400_000 + ++shift * 3_600_000),
    ...fields,
  });

const seatsOf = async (showId: string) =>
  (await t.database.db.select().from(showSeats).where(eq(showSeats.showId, showId)))
    .map((row) => `${row.seat}:${row.class}`)
    .sort();

const hold = (showId: string, seats: string[]) =>
  holdSeats({
    db: t.database.db,
    showId,
    seatIds: seats,
    userId,
    now,
    windowSeconds: 600,
    maxUnpaid: 50,
    maxPerShow: 50,
  });

describe('show_seats', () => {
  it('has every seat of a new show’s layout, with its class, and prices the hold by it', async () => {
    const show = await showOn({ layout, prices: { Classic: 15_000, Recliner: 45_000 } });
    const ids = seatIds(layout);
    expect(await seatsOf(show.id)).toEqual(
      ids.map((id) => `${id}:${id.startsWith('A') ? 'Classic' : 'Recliner'}`).sort(),
    );
    const held = await hold(show.id, [ids[0]!, ids.at(-1)!]);
    expect(held.amountPaise).toBe(15_000 + 45_000);
  });

  it('follows a layout that changes: a seat no longer on it cannot be held', async () => {
    const show = await showOn({ layout: gridLayout(30) });
    const before = seatIds(gridLayout(30));
    const after = seatIds(gridLayout(12));
    const gone = before.find((id) => !after.includes(id))!;
    await t.database.db
      .update(shows)
      .set({ layout: gridLayout(12), totalSeats: 12 })
      .where(eq(shows.id, show.id));
    expect(await seatsOf(show.id)).toEqual(after.map((id) => `${id}:Standard`).sort());
    await expect(hold(show.id, [gone])).rejects.toMatchObject({ message: `Invalid seat: ${gone}` });
    await expect(hold(show.id, [after[0]!, 'Z99'])).rejects.toMatchObject({ message: 'Invalid seat: Z99' });
    expect((await hold(show.id, [after[0]!])).amountPaise).toBe(20_000);
  });

  it('leaves the rows alone when a show is written without a new layout', async () => {
    const show = await showOn();
    const rows = await seatsOf(show.id);
    await t.database.db.update(shows).set({ language: 'Tamil' }).where(eq(shows.id, show.id));
    await t.database.db.execute(sql`update shows set layout = layout where id = ${show.id}`);
    expect(await seatsOf(show.id)).toEqual(rows);
    expect(rows).toHaveLength(96);
  });

  it('has no seats for a layout of another shape, so nothing can be held on it', async () => {
    const show = await showOn();
    await t.database.db.execute(sql`update shows set layout = '{"rows": 7}'::jsonb where id = ${show.id}`);
    expect(await seatsOf(show.id)).toEqual([]);
    await expect(hold(show.id, ['A1'])).rejects.toMatchObject({ message: 'Invalid seat: A1' });
  });

  it('goes with its show', async () => {
    const show = await showOn();
    await t.database.db.delete(shows).where(eq(shows.id, show.id));
    expect(await seatsOf(show.id)).toEqual([]);
  });
});
