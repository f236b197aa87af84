import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, bookingSeats } from '../../db/schema.ts';

/**
 * A seat claim that blocks other buyers at `now`: live, and either sold or held by a pending
 * booking whose payment window is still open. An expired hold never blocks, even before the
 * sweep has marked it expired.
 */
export function blocksSeat(now: Date): SQL {
  // The rule itself is the database's marquee_blocks_seat (db/sql/marquee_blocks_seat.sql), which
  // the hold uses too; code that decides in memory uses its mirror, claimBlocksSeat
  // (shared/src/seat-claims.ts), checked against it by seat-claims.property.test.ts.
  return sql`marquee_blocks_seat(${bookingSeats.isLive}, ${bookings.status}, ${bookings.expiresAt}, ${now.toISOString()}::timestamptz)`;
}

/** Seats blocked per show, as a subquery to join shows on. */
export function takenSeatsByShow(db: Queryable, now: Date) {
  return db
    .select({ showId: bookingSeats.showId, taken: sql<number>`count(*)::int`.as('taken') })
    .from(bookingSeats)
    .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
    .where(blocksSeat(now))
    .groupBy(bookingSeats.showId)
    .as('taken_seats');
}
