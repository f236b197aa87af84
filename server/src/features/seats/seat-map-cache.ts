import {
  accessibleReleaseAt,
  claimBlocksSeat,
  hasHeldBackSeats,
  pricesInRupees,
  showStatus,
  type SeatClaim,
} from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, bookingSeats, shows } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

/** NOTIFY channel on which every seat or show change names the show it touched. */
export const SEAT_CHANNEL = 'marquee_seats';

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
}

/**
 * The seat map of each show, kept in memory and answered as prepared JSON bytes.
 *
 * Exactness: the entry holds every live claim with its deadline, so a hold that runs out stops
 * counting at that instant without any write. Every write that changes a show's claims NOTIFYs
 * SEAT_CHANNEL in its transaction, and every process drops its entry when that arrives; the
 * writing process also drops it right after commit, so its own next read is fresh.
 */
export class SeatMapCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry | null>>();
  /** Bumped by invalidate(), so a load that raced an invalidation is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 5_000,
    /** ACCESSIBLE_RELEASE_MINUTES: when held-back seats go on general sale, told to the map. */
    private readonly accessibleReleaseMinutes = 60,
  ) {}

  /** The prepared answer for a show, or null when there is no such show. */
  async read(showId: string, now: number): Promise<Buffer | null> {
    const entry = this.entries.get(showId) ?? (await this.load(showId));
    if (!entry) return null;
    if (now >= entry.bodyValidUntil) this.render(entry, now);
    return entry.body;
  }

  invalidate(showId: string): void {
    this.entries.delete(showId);
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
        .finally(() => this.loading.delete(showId));
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
