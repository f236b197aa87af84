import type { Writable } from 'node:stream';
import type { SeatMapCache } from './seat-map-cache.ts';

/** Bytes a reader may leave unread before it is dropped (a few dozen seat maps). */
export const MAX_UNREAD_BYTES = 256 * 1024;
/** A comment line every so often keeps proxies from closing a quiet stream, and finds dead readers. */
export const HEARTBEAT_MS = 25_000;
/** Several changes in a burst become one message. */
const BURST_MS = 25;

/** Where a stream's bytes go: the HTTP response (any writable stream in tests). */
export type Reader = Pick<Writable, 'write' | 'writableLength' | 'destroy' | 'end'>;

const heartbeatBytes = Buffer.from(': keep-alive\n\n');

interface Feed {
  showId: string;
  readers: Set<Reader>;
  /** Readers still waiting for their first map. */
  starting: WeakSet<Reader>;
  /** The last seat map sent, and the event carrying it, built once for every reader. */
  body: Buffer | null;
  frame: Buffer | null;
  burst: NodeJS.Timeout | undefined;
  deadline: NodeJS.Timeout | undefined;
  /** Reads of the map begun: only the latest one's answer is sent (an earlier one may end later). */
  reads: number;
  unwatch: () => void;
}

export interface SeatFeedStats {
  shows: number;
  readers: number;
  /** Readers closed because they left MAX_UNREAD_BYTES unread. */
  dropped: number;
}

/**
 * The live seat maps: one feed per show however many watch it. A change is read and framed as a
 * server-sent event once, and the same bytes are written to every reader. A reader that does not
 * keep up (its unread bytes pass `maxUnread`) is closed rather than buffered without end; its
 * browser reconnects and starts from the current map. One heartbeat timer serves every stream.
 */
export class SeatFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly heartbeat: NodeJS.Timeout;
  private dropped = 0;

  constructor(
    private readonly seatMaps: SeatMapCache,
    private readonly now: () => number,
    private readonly maxUnread = MAX_UNREAD_BYTES,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Adds a reader (headers already sent) and sends it the current map; returns its removal. */
  add(showId: string, res: Reader): () => void {
    let feed = this.feeds.get(showId);
    if (!feed) {
      const created: Feed = {
        showId,
        readers: new Set(),
        starting: new WeakSet(),
        body: null,
        frame: null,
        burst: undefined,
        deadline: undefined,
        reads: 0,
        unwatch: () => {},
      };
      created.unwatch = this.seatMaps.watch(showId, () => {
        clearTimeout(created.burst);
        created.burst = setTimeout(() => void this.refresh(created), BURST_MS);
      });
      this.feeds.set(showId, (feed = created));
    }
    const joined = feed;
    joined.readers.add(res);
    // Until its first map, a reader hears no change (it will get the latest as its first).
    joined.starting.add(res);
    void this.refresh(joined).then(() => {
      joined.starting.delete(res);
      if (joined.readers.has(res) && joined.frame) this.write(joined, res, joined.frame, true);
    });
    return () => this.remove(joined, res);
  }

  stats(): SeatFeedStats {
    let readers = 0;
    for (const feed of this.feeds.values()) readers += feed.readers.size;
    return { shows: this.feeds.size, readers, dropped: this.dropped };
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const feed of this.feeds.values()) for (const res of feed.readers) res.end();
  }

  /** Reads the show's map; when it changed, frames it once and sends it to every reader. */
  private async refresh(feed: Feed) {
    const read = ++feed.reads;
    const body = await this.seatMaps.read(feed.showId, this.now()).catch(() => null);
    // A read begun before a later one may have seen the seats as they were before a change.
    if (!body || this.feeds.get(feed.showId) !== feed || read !== feed.reads) return;
    if (!feed.body || !feed.body.equals(body)) {
      feed.body = body;
      feed.frame = Buffer.concat([Buffer.from('event: seats\ndata: '), body, Buffer.from('\n\n')]);
      for (const res of feed.readers) if (!feed.starting.has(res)) this.write(feed, res, feed.frame, false);
    }
    // A hold lapsing changes the map with no write: look again when the earliest one does.
    clearTimeout(feed.deadline);
    const next = this.seatMaps.nextDeadline(feed.showId);
    if (next !== null)
      feed.deadline = setTimeout(() => void this.refresh(feed), Math.max(0, next - this.now()) + 5);
  }

  private write(feed: Feed, res: Reader, bytes: Buffer, first: boolean) {
    if (res.writableLength + bytes.length > this.maxUnread && !first) {
      this.dropped++;
      this.remove(feed, res);
      res.destroy();
      return;
    }
    res.write(bytes);
  }

  private beat() {
    for (const feed of this.feeds.values())
      for (const res of feed.readers) this.write(feed, res, heartbeatBytes, false);
  }

  private remove(feed: Feed, res: Reader) {
    feed.readers.delete(res);
    if (feed.readers.size || this.feeds.get(feed.showId) !== feed) return;
    this.feeds.delete(feed.showId);
    feed.unwatch();
    clearTimeout(feed.burst);
    clearTimeout(feed.deadline);
  }
}
