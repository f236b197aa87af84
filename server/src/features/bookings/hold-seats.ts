import { randomUUID } from 'node:crypto';
import { compareSeats, isSeatId, MAX_SEATS_PER_BOOKING, messages, type FilmFormat } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { GatewayPayment } from '../payments/index.ts';
import { itemsJson, OutOfStockError, type ItemRequest } from '../food/index.ts';

export interface HoldSeatsOptions {
  db: Db;
  showId: string;
  seatIds: string[];
  userId: string;
  now: Date;
  windowSeconds: number;
  /** Unpaid bookings the account may have across shows (one per show regardless). */
  maxUnpaid: number;
  /** Unpaid bookings the account may have for one show (1 by the contract). */
  maxPerShow: number;
  /** A checkout the app opens itself (the sandbox), recorded in the same statement as the hold. */
  localCheckout?: { paymentId: string; gateway: string; ref: string; url: string };
  /** Told the checkouts of other buyers' lapsed holds released on the way, hold or no hold. */
  onLapsed?: (checkouts: GatewayPayment[]) => void;
  /** Told when lapsed holds on the show were released on the way, hold or no hold. */
  onReleased?: () => void;
  /**
   * What the seat rules were decided on; the hold goes through only if the database agrees, and
   * otherwise throws StaleSeatsError with the state of now (db/sql/marquee_hold_seats.sql).
   */
  decidedOn?: SeatState;
  /** Food and drink claimed with the seats (CONTRACT §12), checked by validateItems. */
  items?: ItemRequest[];
  /**
   * The caller tells every process of the show's seats itself once the hold's transaction has
   * committed (SeatMapCache.changed), so the hold's own writes NOTIFY nothing
   * (docs/decisions/0027-seat-news-after-commit.md). Only for a hold that is its own transaction or
   * whose caller tells for every show its transaction changes.
   */
  tellAfterCommit?: boolean;
}

/** A show's seat state as the seat rules saw it: its row version and the blocked seats of `watch`. */
export interface SeatState {
  version: string;
  /** The seats the decision rests on. */
  watch: string[];
  /** Those of `watch` taken as blocked. */
  blocked: string[];
}

export interface Hold {
  bookingId: string;
  /** The booking's reference, drawn by the database (db/sql/marquee_booking_reference.sql). */
  reference: string;
  showId: string;
  seats: string[];
  amountPaise: number;
  /** Each seat's class price (paise) as the hold priced it, for the answer's GST. */
  seatPrices: Record<string, number>;
  /** The tax rates the booking was held under (its snapshot, bookings.tax_rates). */
  taxRates: Record<string, unknown> | null;
  /** Whether food and drink were claimed with the seats. */
  withItems: boolean;
  expiresAt: Date;
  show: {
    movieId: string;
    startsAt: Date;
    pricePaise: number;
    totalSeats: number;
    screenId: string;
    screenName: string;
    prices: Record<string, number>;
    language: string | null;
    format: FilmFormat;
  };
}

/** A 409 naming the seats another buyer holds or bought (best available picks again on it). */
export class SeatsTakenError extends AppError {
  constructor(readonly takenSeats: string[]) {
    super('CONFLICT', `Seats already booked: ${takenSeats.join(', ')}`);
  }
}

/**
 * The show changed since the seat rules were decided: nothing was held. Carries the state of now,
 * to decide on again. Never reaches a client (createBooking handles it).
 */
export class StaleSeatsError extends Error {
  constructor(
    readonly version: string,
    readonly blocked: string[],
  ) {
    super('The seat state the rules were decided on has changed');
  }
}

/** Checks a seat request against the rules before any database work. */
export function validateSeatRequest(seatIds: string[]): string[] {
  if (seatIds.length === 0) throw badRequest(messages.noSeats);
  const seats = [...new Set(seatIds)];
  if (seats.length !== seatIds.length) throw badRequest('Each seat can be selected only once');
  if (seats.length > MAX_SEATS_PER_BOOKING) throw badRequest(messages.maxSeats);
  // Not even shaped like a seat id; the rest are checked against the show's map in the database.
  const malformed = seats.filter((seat) => !isSeatId(seat));
  if (malformed.length)
    throw badRequest(`Invalid seat${malformed.length > 1 ? 's' : ''}: ${malformed.join(', ').slice(0, 200)}`);
  return seats.sort(compareSeats);
}

/** What marquee_hold_seats answers: every outcome is a value, none an error (db/sql/marquee_hold_seats.sql). */
type HoldResult =
  | {
      ok: true;
      reference: string;
      amountPaise: number;
      seatPrices: Record<string, number>;
      taxRates: Record<string, unknown> | null;
      movieId: string;
      startsAt: string;
      pricePaise: number;
      totalSeats: number;
      screenId: string;
      screenName: string;
      prices: Record<string, number>;
      language: string | null;
      format: FilmFormat;
      lapsed: GatewayPayment[];
      released: boolean;
    }
  | { refused: 400 | 404; message: string; lapsed?: GatewayPayment[]; released?: boolean }
  | { short: true; message: string; lapsed: GatewayPayment[]; released: boolean }
  | { waiting: true; bookingId: string; url: string | null }
  | { capped: true; unpaid: number }
  | { conflict: true; taken: string[]; detail: string | null; lapsed: GatewayPayment[]; released: boolean }
  | { stale: true; version: string; blocked: string[]; lapsed: GatewayPayment[]; released: boolean };

/**
 * Holds seats for a buyer for the payment window: every seat or none.
 *
 * One call of marquee_hold_seats (db/sql/marquee_hold_seats.sql), one round trip, one transaction: it
 * locks the show KEY SHARE, then the account (holding limits: one unpaid booking per show, at
 * most `maxUnpaid` across shows), releases lapsed holds on the show (so one never blocks a buyer,
 * even before the sweep), inserts the booking and its seat claims, and records a local checkout. The partial
 * unique index booking_seats_live_uq decides: of two buyers racing for a seat, the second insert
 * finds the first's live row (on PostgreSQL it waits for that transaction to commit or roll back)
 * and fails with a unique violation, which undoes the booking and every claim of the request. The
 * function answers every outcome as a value rather than an error, so a refused buyer does not
 * cost the pool a connection. With `decidedOn`, the function first checks that the show is as the
 * seat rules saw it (see layout-rules.ts).
 */
export async function holdSeats({
  db,
  showId,
  seatIds,
  userId,
  now,
  windowSeconds,
  maxUnpaid,
  maxPerShow,
  localCheckout,
  onLapsed,
  onReleased,
  decidedOn,
  items,
  tellAfterCommit = false,
}: HoldSeatsOptions): Promise<Hold> {
  const seats = validateSeatRequest(seatIds);
  const bookingId = randomUUID();
  const expiresAt = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await db.execute(sql`
    select marquee_hold_seats(
      ${bookingId}::uuid, ${showId}::uuid, ${userId}, ${textArray(seats)}::text[],
      ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
      ${localCheckout?.paymentId ?? null}::uuid, ${localCheckout?.gateway ?? null},
      ${localCheckout?.ref ?? null}, ${localCheckout?.url ?? null},
      ${maxUnpaid}::integer, ${maxPerShow}::integer, ${decidedOn?.version ?? null}::text,
      ${decidedOn ? textArray(decidedOn.watch) : null}::text[],
      ${decidedOn ? textArray(decidedOn.blocked) : null}::text[],
      ${itemsJson(items)}::jsonb, ${tellAfterCommit}::boolean
    ) as result`);
  const raw = (rows as unknown as { rows: { result: HoldResult | string }[] }).rows[0]!.result;
  const result = typeof raw === 'string' ? (JSON.parse(raw) as HoldResult) : raw;
  if ('released' in result && result.released) onReleased?.();
  if ('refused' in result) {
    if (result.lapsed?.length) onLapsed?.(result.lapsed);
    throw result.refused === 404 ? notFound(result.message) : badRequest(result.message);
  }
  if ('waiting' in result) {
    throw new AppError(
      'CONFLICT',
      'You already have a booking waiting for payment for this show. Pay for it or cancel it before booking again.',
      { bookingId: result.bookingId, url: result.url },
    );
  }
  if ('capped' in result) {
    throw new AppError(
      'CONFLICT',
      `You already have ${result.unpaid} bookings waiting for payment. Pay for or cancel one of them before booking more.`,
    );
  }
  // Lapsed holds released on the way stay released, whether or not this hold succeeded.
  if (result.lapsed.length) onLapsed?.(result.lapsed);
  if ('short' in result) throw new OutOfStockError(result.message);
  if ('stale' in result) throw new StaleSeatsError(result.version, result.blocked);
  if ('conflict' in result) {
    const taken = takenSeats(seats, result);
    throw new SeatsTakenError(taken);
  }
  return {
    bookingId,
    reference: result.reference,
    showId,
    seats,
    amountPaise: result.amountPaise,
    seatPrices: result.seatPrices,
    taxRates: result.taxRates,
    withItems: Boolean(items?.length),
    expiresAt,
    show: {
      movieId: result.movieId,
      startsAt: new Date(result.startsAt),
      pricePaise: result.pricePaise,
      totalSeats: result.totalSeats,
      screenId: result.screenId,
      screenName: result.screenName,
      prices: result.prices,
      language: result.language,
      format: result.format,
    },
  };
}

/** A text[] literal, every element quoted (seat ids of a layout are whatever staff named them). */
function textArray(ids: string[]): string {
  return `{${ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * Which of `seats` are taken, for the 409 message: those the function found held or sold, and
 * at least the one the index refused ("Key (show_id, seat)=(…, A3) already exists."), named
 * even if its holder let go since.
 */
function takenSeats(seats: string[], result: { taken: string[]; detail: string | null }): string[] {
  const taken = new Set(result.taken);
  const named = /=\([^,]+, ([^)]+)\)/.exec(result.detail ?? '')?.[1];
  if (named && seats.includes(named)) taken.add(named);
  return [...taken].sort(compareSeats);
}
