import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertBooking, insertMovie, insertShow, insertUser } from '../../fixtures/factories.ts';
import { SeatFeeds } from './seat-feed.ts';
import { SeatMapCache } from './seat-map-cache.ts';

let t: TestDatabase;
let showId: string;
let userId: string;
const now = new Date('2030-01-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  const movie = await insertMovie(t.database.db, { title: 'Feed Test' });
  showId = (
    await insertShow(t.database.db, { movieId: movie.id, startsAt: new Date('2030-01-02T10:00:00Z') })
  ).id;
  userId = (await insertUser(t.database.db, { name: 'Buyer', email: 'feed@example.com' })).id;
});
afterAll(() => t.drop());

/** A reader that takes every byte at once, keeping the chunks it was given. */
function fastReader() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const events = () => chunks.filter((chunk) => chunk.toString().startsWith('event: seats'));
  return { stream, chunks, events };
}

/** A reader that never reads: everything written to it stays unread. */
const stuckReader = () => new Writable({ write() {} });

let seat = 0;
/** A real change: a paid seat, and the cache told as the NOTIFY would tell it. */
async function sellASeat(cache: SeatMapCache) {
  seat++;
  await insertBooking(t.database.db, { userId, showId, seats: [`A${seat}`], now });
  cache.invalidate(showId);
}

describe('seat feeds', () => {
  it('frames each change once for every reader, and closes a reader that stops reading', async () => {
    const cache = new SeatMapCache(t.database.db);
    const frameBytes = (await cache.read(showId, now.getTime()))!.length + 30;
    // Room for about three unread maps.
    const feeds = new SeatFeeds(cache, () => now.getTime(), frameBytes * 3);
    const [a, b] = [fastReader(), fastReader()];
    const stuck = stuckReader();
    for (const reader of [a.stream, b.stream, stuck]) feeds.add(showId, reader);
    await vi.waitFor(() => expect(a.events()).toHaveLength(1));
    await vi.waitFor(() => expect(b.events()).toHaveLength(1));

    for (let change = 1; change <= 5; change++) {
      await sellASeat(cache);
      await vi.waitFor(() => expect(a.events()).toHaveLength(change + 1));
      await vi.waitFor(() => expect(b.events()).toHaveLength(change + 1));
      // The very same bytes went to both: one serialisation per change, not one per reader.
      expect(a.events().at(-1)).toBe(b.events().at(-1));
    }
    expect(JSON.parse(a.events().at(-1)!.toString().split('data: ')[1]!).availableSeats).toBe(96 - 5);
    expect(stuck.destroyed).toBe(true);
    expect(feeds.stats()).toEqual({ shows: 1, readers: 2, dropped: 1 });
    feeds.close();
  });

  it('never sends a map read before a change once the map read after it is out', async () => {
    // A cache whose reads answer when the test says: the first (begun before the change) last.
    const reads: ((body: Buffer) => void)[] = [];
    let changed = () => {};
    const cache = {
      read: () => new Promise<Buffer>((resolve) => reads.push(resolve)),
      watch: (_showId: string, onChange: () => void) => {
        changed = onChange;
        return () => {};
      },
      nextDeadline: () => null,
    } as unknown as SeatMapCache;
    const feeds = new SeatFeeds(cache, () => now.getTime());
    const reader = fastReader();
    feeds.add(showId, reader.stream);
    changed();
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!(Buffer.from('{"after":true}'));
    reads[0]!(Buffer.from('{"before":true}'));
    await vi.waitFor(() => expect(reader.events()).toHaveLength(1));
    expect(reader.events().map((event) => event.toString())).toEqual([
      'event: seats\ndata: {"after":true}\n\n',
    ]);
    feeds.close();
  });

  it('sends heartbeats to every reader, and forgets a show nobody watches', async () => {
    const cache = new SeatMapCache(t.database.db);
    const feeds = new SeatFeeds(cache, () => now.getTime(), 1 << 20, 20);
    const reader = fastReader();
    const remove = feeds.add(showId, reader.stream);
    await vi.waitFor(() =>
      expect(reader.chunks.some((chunk) => chunk.toString() === ': keep-alive\n\n')).toBe(true),
    );
    remove();
    expect(feeds.stats()).toEqual({ shows: 0, readers: 0, dropped: 0 });
    feeds.close();
  });
});
