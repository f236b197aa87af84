import {
  accessibleReleaseAt,
  claimBlocksSeat,
  hasHeldBackSeats,
  pricesInRupees,
  showStatus,
  type SeatClaim,
} from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, bookingSeats, shows } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

/** NOTIFY channel on which every seat or show change names the show it touched. */
export const SEAT_CHANNEL = 'marquee_seats';

/**
 * How long an entry is trusted without news. News of a change told after commit (`changed`) is
 * lost if its process dies between the commit and the telling; an entry is read afresh after this
 * long whatever it heard (docs/decisions/0027-seat-news-after-commit.md).
 */
export const SEAT_MAP_MAX_AGE_MS = 30_000;

interface Entry {
  showId: string;
  totalSeats: number;
  /** What never changes while the entry lives: screen, prices, layout snapshot, release time. */
  map: Record<string, unknown>;
  storedStatus: string;
  /** Seat → its live claim; whether it blocks is decided at each render (claimBlocksSeat). */
  claims: Map<string, SeatClaim>;
  body: Buffer;
  /** The body stays exact until the earliest open hold runs out. */
  bodyValidUntil: number;
  /** When the entry was first read (the clock's time); it is read afresh SEAT_MAP_MAX_AGE_MS later. */
  firstRead: number | null;
}

/**
 * The seat map of each show, kept in memory and answered as prepared JSON bytes.
 *
 * Exactness: the entry holds every live claim with its deadline, so a hold that runs out stops
 * counting at that instant without any write. Every write that changes a show's claims NOTIFYs
 * SEAT_CHANNEL in its transaction, and every process drops its entry when that arrives; the
 * writing process also drops it right after commit, so its own next read is fresh. The online
 * hold, the busiest write, tells after its commit instead (`changed`).
 */
export class SeatMapCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry | null>>();
  /** Bumped by invalidate(), so a load that raced an invalidation is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly watchers = new Map<string, Set<() => void>>();
  /** Shows changed here whose news waits for the telling in flight to finish. */
  private readonly untold = new Set<string>();
  /** The telling that will carry `untold`, once it is queued; the one before it, to wait for. */
  private nextTelling: Promise<void> | null = null;
  private lastTelling: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 5_000,
    /** ACCESSIBLE_RELEASE_MINUTES: when held-back seats go on general sale, told to the map. */
    private readonly accessibleReleaseMinutes = 60,
    /**
     * Sends SEAT_CHANNEL a NOTIFY for each show (Database.notify, which on the embedded database
     * calls this process's listeners directly); by default a pg_notify statement of its own. The
     * shows are uuids (changed checks), so their array literal needs no quoting.
     */
    private readonly notify: (shows: string[]) => Promise<unknown> = (shows) =>
      this.db.execute(
        sql`select pg_notify(${SEAT_CHANNEL}, show) from unnest(${`{${shows.join(',')}}`}::text[]) as show`,
      ),
  ) {}

  /** The prepared answer for a show, or null when there is no such show. */
  async read(showId: string, now: number): Promise<Buffer | null> {
    let entry = this.entries.get(showId);
    if (entry?.firstRead != null && now - entry.firstRead >= SEAT_MAP_MAX_AGE_MS) {
      this.entries.delete(showId);
      entry = undefined;
    }
    entry ??= (await this.load(showId)) ?? undefined;
    if (!entry) return null;
    entry.firstRead ??= now;
    if (now >= entry.bodyValidUntil) this.render(entry, now);
    return entry.body;
  }

  /**
   * This process changed the show's seats in a transaction that left telling the others to it
   * (marquee.seat_news, db/sql/marquee_hold_seats.sql), and it has committed: the entry here is
   * dropped at once, and every process is told by a NOTIFY of its own, outside any write's
   * transaction. Changes made while a telling is on its way go together in the next, so a rush on
   * one show tells it about once a round trip rather than once a hold. Resolves when the telling
   * that carries this change is sent; rejects if it could not be (the entries elsewhere are then
   * read afresh within SEAT_MAP_MAX_AGE_MS).
   */
  changed(showId: string): Promise<void> {
    this.invalidate(showId);
    if (!isUuid(showId)) return Promise.resolve();
    this.untold.add(showId);
    if (!this.nextTelling) {
      const telling = this.lastTelling.then(() => {
        this.nextTelling = null;
        const shows = [...this.untold];
        this.untold.clear();
        return this.notify(shows).then(() => undefined);
      });
      this.nextTelling = telling;
      this.lastTelling = telling.catch(() => undefined);
    }
    return this.nextTelling;
  }

  invalidate(showId: string): void {
    this.entries.delete(showId);
    // A load begun before the change may have read the seats as they were: its readers keep it,
    // but a read from now on starts a load of its own rather than joining it.
    this.loading.delete(showId);
    this.generations.set(showId, (this.generations.get(showId) ?? 0) + 1);
    for (const watcher of this.watchers.get(showId) ?? []) watcher();
  }

  clear(): void {
    const shows = new Set([...this.entries.keys(), ...this.loading.keys(), ...this.watchers.keys()]);
    for (const showId of shows) this.invalidate(showId);
  }

  /** Calls `onChange` whenever the show's seats may have changed; returns the unsubscribe. */
  watch(showId: string, onChange: () => void): () => void {
    let set = this.watchers.get(showId);
    if (!set) this.watchers.set(showId, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (!set.size) this.watchers.delete(showId);
    };
  }

  /** When the prepared answer for a show next changes by itself (a hold lapsing), if cached. */
  nextDeadline(showId: string): number | null {
    const until = this.entries.get(showId)?.bodyValidUntil;
    return until !== undefined && Number.isFinite(until) ? until : null;
  }

  private load(showId: string): Promise<Entry | null> {
    if (!isUuid(showId)) return Promise.resolve(null);
    let pending = this.loading.get(showId);
    if (!pending) {
      const generation = this.generations.get(showId) ?? 0;
      pending = this.fetch(showId)
        .then((entry) => {
          if (entry && (this.generations.get(showId) ?? 0) === generation) this.store(entry);
          return entry;
        })
        .finally(() => {
          if (this.loading.get(showId) === pending) this.loading.delete(showId);
        });
      this.loading.set(showId, pending);
    }
    return pending;
  }

  private async fetch(showId: string): Promise<Entry | null> {
    const [show] = await this.db
      .select({
        totalSeats: shows.totalSeats,
        status: shows.status,
        startsAt: shows.startsAt,
        screenId: shows.screenId,
        screenName: shows.screenName,
        layout: shows.layout,
        prices: shows.prices,
      })
      .from(shows)
      .where(eq(shows.id, showId));
    if (!show) return null;
    const rows = await this.db
      .select({ seat: bookingSeats.seat, status: bookings.status, expiresAt: bookings.expiresAt })
      .from(bookingSeats)
      .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
      .where(and(eq(bookingSeats.showId, showId), eq(bookingSeats.isLive, true)));
    const claims = new Map<string, SeatClaim>();
    for (const row of rows) {
      claims.set(row.seat, { isLive: true, status: row.status, expiresAt: row.expiresAt.getTime() });
    }
    const entry: Entry = {
      showId,
      totalSeats: show.totalSeats,
      map: {
        screen: { _id: show.screenId, name: show.screenName },
        prices: pricesInRupees(show.prices),
        layout: show.layout,
        accessibleReleaseAt: hasHeldBackSeats(show.layout)
          ? accessibleReleaseAt(show.startsAt, this.accessibleReleaseMinutes).toISOString()
          : null,
      },
      storedStatus: show.status,
      claims,
      body: Buffer.alloc(0),
      bodyValidUntil: -Infinity,
      firstRead: null,
    };
    return entry;
  }

  private store(entry: Entry) {
    this.entries.set(entry.showId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  private render(entry: Entry, now: number) {
    const occupiedSeats: Record<string, true> = {};
    let validUntil = Infinity;
    let taken = 0;
    for (const [seat, claim] of entry.claims) {
      if (!claimBlocksSeat(claim, now)) continue;
      occupiedSeats[seat] = true;
      taken++;
      // A hold stops blocking when it lapses, so the body is exact until the earliest one does.
      if (claim.status === 'pending' && claim.expiresAt < validUntil) validUntil = claim.expiresAt;
    }
    const availableSeats = Math.max(0, entry.totalSeats - taken);
    entry.body = Buffer.from(
      JSON.stringify({
        success: true,
        message: 'Occupied seats fetched',
        showId: entry.showId,
        totalSeats: entry.totalSeats,
        availableSeats,
        status: showStatus(entry.storedStatus, availableSeats),
        occupiedSeats,
        ...entry.map,
      }),
    );
    entry.bodyValidUntil = validUntil;
  }
}
