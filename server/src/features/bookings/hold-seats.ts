import { randomUUID } from 'node:crypto';
import { compareSeats, MAX_SEATS_PER_BOOKING, messages, seatIndex } from '@marquee/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgError, type Db, type PgError } from '../../db/client.ts';
import { bookings, bookingSeats } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { GatewayPayment } from '../payments/gateway.ts';
import { blocksSeat } from '../seats/live-claims.ts';

export interface HoldSeatsOptions {
  db: Db;
  showId: string;
  seatIds: string[];
  userId: string;
  now: Date;
  windowSeconds: number;
  /** A checkout the app opens itself (the sandbox), recorded in the same statement as the hold. */
  localCheckout?: { paymentId: string; gateway: string; ref: string; url: string };
}

export interface Hold {
  bookingId: string;
  showId: string;
  seats: string[];
  amountPaise: number;
  expiresAt: Date;
  show: { movieId: string; startsAt: Date; pricePaise: number; totalSeats: number };
  /** Checkouts of other buyers' lapsed holds released on the way, to close after commit. */
  lapsedCheckouts: GatewayPayment[];
}

/** Checks a seat request against the rules before any database work. */
export function validateSeatRequest(seatIds: string[]): string[] {
  if (seatIds.length === 0) throw badRequest(messages.noSeats);
  const seats = [...new Set(seatIds)];
  if (seats.length !== seatIds.length) throw badRequest('Each seat can be selected only once');
  if (seats.length > MAX_SEATS_PER_BOOKING) throw badRequest(messages.maxSeats);
  // Not even shaped like a seat id; the rest are checked against the show's map in the database.
  const malformed = seats.filter((seat) => !/^[A-Z]{1,2}[0-9]{1,2}$/.test(seat));
  if (malformed.length)
    throw badRequest(`Invalid seat${malformed.length > 1 ? 's' : ''}: ${malformed.join(', ').slice(0, 200)}`);
  return seats.sort(compareSeats);
}

interface HoldResult {
  amountPaise: number;
  movieId: string;
  startsAt: string;
  pricePaise: number;
  totalSeats: number;
  lapsed: GatewayPayment[];
}

/**
 * Holds seats for a buyer for the payment window: every seat or none.
 *
 * One call of marquee_hold_seats (migration 0002), one round trip, one transaction: it locks the
 * show KEY SHARE, releases lapsed holds on the show (so one never blocks a buyer, even before the
 * sweep), inserts the booking and its seat claims, and records a local checkout. The partial
 * unique index booking_seats_live_uq decides: of two buyers racing for a seat, the second insert
 * finds the first's live row (on PostgreSQL it waits for that transaction to commit or roll back)
 * and fails with a unique violation, which rolls its whole request back.
 */
export async function holdSeats({
  db,
  showId,
  seatIds,
  userId,
  now,
  windowSeconds,
  localCheckout,
}: HoldSeatsOptions): Promise<Hold> {
  const seats = validateSeatRequest(seatIds);
  const bookingId = randomUUID();
  const expiresAt = new Date(now.getTime() + windowSeconds * 1000);
  const indexes = seats.map(seatIndex);
  let result: HoldResult;
  try {
    const rows = await db.execute<{ result: HoldResult | string }>(sql`
      select marquee_hold_seats(
        ${bookingId}::uuid, ${showId}::uuid, ${userId}, ${`{${seats.join(',')}}`}::text[],
        ${`{${indexes.join(',')}}`}::integer[], ${now.toISOString()}::timestamptz,
        ${expiresAt.toISOString()}::timestamptz, ${localCheckout?.paymentId ?? null}::uuid,
        ${localCheckout?.gateway ?? null}, ${localCheckout?.ref ?? null}, ${localCheckout?.url ?? null}
      ) as result`);
    const raw = (rows as unknown as { rows: { result: HoldResult | string }[] }).rows[0]!.result;
    result = typeof raw === 'string' ? (JSON.parse(raw) as HoldResult) : raw;
  } catch (error) {
    const failure = pgError(error);
    if (failure?.code === 'MQ404') throw notFound(failure.message);
    if (failure?.code === 'MQ400') throw badRequest(failure.message);
    if (failure?.code !== '23505' || failure.constraint !== 'booking_seats_live_uq') throw error;
    throw conflict(
      `Seats already booked: ${(await takenSeats({ db, showId, seats, now, failure })).join(', ')}`,
    );
  }
  return {
    bookingId,
    showId,
    seats,
    amountPaise: result.amountPaise,
    expiresAt,
    show: {
      movieId: result.movieId,
      startsAt: new Date(result.startsAt),
      pricePaise: result.pricePaise,
      totalSeats: result.totalSeats,
    },
    lapsedCheckouts: result.lapsed,
  };
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
