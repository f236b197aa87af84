import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { insertMovie, insertShow, insertUser } from '../../fixtures/factories.ts';
import { SEAT_CHANNEL } from '../seats/index.ts';
import { holdSeats } from './hold-seats.ts';

/**
 * A hold whose caller tells every process itself after commit (tellAfterCommit) NOTIFYs nothing
 * from its own transaction, the lapsed holds it releases included: such a transaction holds
 * PostgreSQL's notification lock until its commit is on disk, one commit after another
 * (docs/decisions/0027-seat-news-after-commit.md). Any other write is still told by the triggers.
 *
 * Whether a NOTIFY was sent is read without waiting for nothing: notifications arrive in commit
 * order, so once a marker NOTIFYed after the hold has arrived, any of the hold's would have too.
 */
let t: TestDatabase;
let writer: Database;
let showId: string;
let userId: string;
const heard: string[] = [];
let unlisten: () => Promise<void>;
const now = new Date('2030-03-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  const movie = await insertMovie(t.database.db, { title: 'Told after commit' });
  showId = (
    await insertShow(t.database.db, { movieId: movie.id, startsAt: new Date('2030-03-02T10:00:00Z') })
  ).id;
  userId = (await insertUser(t.database.db, { name: 'Ravi', email: 'ravi@example.com' })).id;
  unlisten = await t.database.listen(SEAT_CHANNEL, (id) => heard.push(id));
  // On PostgreSQL the writer is a pool of its own, as another server process would be.
  writer = t.url ? await openDatabase({ databaseUrl: t.url, migrate: false, poolSize: 1 }) : t.database;
});
afterAll(async () => {
  await unlisten();
  if (writer !== t.database) await writer.close();
  await t.drop();
});

const hold = (seat: string, at: Date, tellAfterCommit: boolean) =>
  holdSeats({
    db: writer.db,
    showId,
    seatIds: [seat],
    userId,
    now: at,
    windowSeconds: 60,
    maxUnpaid: 50,
    maxPerShow: 50,
    tellAfterCommit,
  });

/** What was heard up to a marker NOTIFYed now, the marker left out; the list starts afresh. */
async function heardUntilMarker(marker: string): Promise<string[]> {
  await writer.db.execute(sql`select pg_notify(${SEAT_CHANNEL}, ${marker})`);
  const deadline = Date.now() + 5_000;
  while (!heard.includes(marker)) {
    if (Date.now() > deadline) throw new Error(`the marker ${marker} never arrived`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return heard.splice(0).filter((id) => id !== marker);
}

describe('seat news after commit', () => {
  it('a hold told after commit NOTIFYs nothing, nor does the release of a lapsed hold it makes', async () => {
    await heardUntilMarker('start');
    await hold('A1', now, true);
    // Two minutes on, A1's hold has lapsed: this hold releases it in its own transaction.
    await hold('A2', new Date(now.getTime() + 120_000), true);
    const [released] = await writer.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.showId, showId), sql`'A1' = any (${bookings.seats})`));
    expect(released?.status).toBe('expired');
    expect(await heardUntilMarker('after the holds told after commit')).toEqual([]);
  });

  it('the database tells every listener once per payload, outside any transaction', async () => {
    await writer.notify(SEAT_CHANNEL, [showId, 'another']);
    expect(await heardUntilMarker('after the database told')).toEqual([showId, 'another']);
  });

  it('any other hold is told by the triggers in its transaction', async () => {
    await hold('A3', new Date(now.getTime() + 120_000), false);
    expect(await heardUntilMarker('after a hold told by the triggers')).toEqual([showId]);
  });
});
