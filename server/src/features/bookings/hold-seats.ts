import { randomUUID } from 'node:crypto';
import { compareSeats, isSeatOnMap, MAX_SEATS_PER_BOOKING, messages } from '@marquee/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { pgError, type Db, type PgError } from '../../db/client.ts';
import { bookings, bookingSeats, shows } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { GatewayPayment } from '../payments/gateway.ts';
import { blocksSeat } from '../seats/live-claims.ts';
import { notifySeatChange } from '../seats/seat-map-cache.ts';
import { releaseExpiredHolds } from './release-expired.ts';

export interface HoldSeatsOptions {
  db: Db;
  showId: string;
  seatIds: string[];
  userId: string;
  now: Date;
  windowSeconds: number;
}

export interface Hold {
  bookingId: string;
  showId: string;
  seats: string[];
  amountPaise: number;
  expiresAt: Date;
  /** Checkouts of other buyers' lapsed holds released on the way, to close after commit. */
  lapsedCheckouts: GatewayPayment[];
}

/** Checks a seat request against the rules before any database work. */
export function validateSeatRequest(seatIds: string[]): string[] {
  if (seatIds.length === 0) throw badRequest(messages.noSeats);
  const seats = [...new Set(seatIds)];
  if (seats.length !== seatIds.length) throw badRequest('Each seat can be selected only once');
  if (seats.length > MAX_SEATS_PER_BOOKING) throw badRequest(messages.maxSeats);
  return seats.sort(compareSeats);
}

/**
 * Holds seats for a buyer for the payment window: every seat or none, in one transaction.
 *
 * The claim is a plain insert into booking_seats, and the partial unique index
 * booking_seats_live_uq decides: of two buyers racing for a seat, the second insert finds the
 * first's live row (on PostgreSQL it waits for that transaction to commit or roll back) and
 * fails with a unique violation, which rolls its whole request back. Expired holds on the show
 * are released first in the same transaction, so a lapsed hold never blocks a buyer even before
 * the sweep runs.
 */
export async function holdSeats({
  db,
  showId,
  seatIds,
  userId,
  now,
  windowSeconds,
}: HoldSeatsOptions): Promise<Hold> {
  const seats = validateSeatRequest(seatIds);
  try {
    return await db.transaction(async (tx) => {
      // KEY SHARE: many buyers at once, but staff editing, cancelling or deleting the show wait.
      const [show] = await tx.select().from(shows).where(eq(shows.id, showId)).for('key share');
      if (!show) throw notFound('Show not found');
      if (show.status !== 'active') throw badRequest('This show has been cancelled');
      if (show.startsAt <= now) throw badRequest('This show has already started');
      const invalid = seats.filter((seat) => !isSeatOnMap(seat, show.totalSeats));
      if (invalid.length)
        throw badRequest(`Invalid seat${invalid.length > 1 ? 's' : ''}: ${invalid.join(', ')}`);

      const lapsed = await releaseExpiredHolds({ db: tx, now, showId });

      const bookingId = randomUUID();
      const expiresAt = new Date(now.getTime() + windowSeconds * 1000);
      const amountPaise = show.pricePaise * seats.length;
      await tx.insert(bookings).values({
        id: bookingId,
        userId,
        showId,
        seats,
        amountPaise,
        status: 'pending',
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(bookingSeats).values(seats.map((seat) => ({ bookingId, showId, seat })));
      await notifySeatChange(tx, showId);
      return { bookingId, showId, seats, amountPaise, expiresAt, lapsedCheckouts: lapsed.openCheckouts };
    });
  } catch (error) {
    const failure = pgError(error);
    if (failure?.code !== '23505' || failure.constraint !== 'booking_seats_live_uq') throw error;
    throw conflict(
      `Seats already booked: ${(await takenSeats({ db, showId, seats, now, failure })).join(', ')}`,
    );
  }
}

/** Which of `seats` are taken now, for the 409 message; at least the one the index refused. */
async function takenSeats({
  db,
  showId,
  seats,
  now,
  failure,
}: {
  db: Db;
  showId: string;
  seats: string[];
  now: Date;
  failure: PgError;
}) {
  const rows = await db
    .select({ seat: bookingSeats.seat })
    .from(bookingSeats)
    .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
    .where(and(eq(bookingSeats.showId, showId), inArray(bookingSeats.seat, seats), blocksSeat(now)));
  const taken = new Set(rows.map((row) => row.seat));
  // "Key (show_id, seat)=(…, A3) already exists." names the seat even if its holder let go since.
  const named = /=\([^,]+, ([^)]+)\)/.exec(failure.detail ?? '')?.[1];
  if (named && seats.includes(named)) taken.add(named);
  return [...taken].sort(compareSeats);
}
