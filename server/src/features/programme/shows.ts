import { randomUUID } from 'node:crypto';
import {
  fromZonedParts,
  parseTimeOfDay,
  rupeesToPaise,
  seatIndex,
  showMessages,
  type CreateShowsInput,
  type Show,
  type UpdateShowInput,
} from '@marquee/shared';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import { pgError, type Db } from '../../db/client.ts';
import { bookings, bookingSeats, movies, payments, refunds, shows } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../catalogue/queries.ts';
import { toShow } from '../catalogue/serialize.ts';
import { enqueueEmail } from '../email/outbox.ts';
import type { DueRefund, GatewayName, GatewayPayment } from '../payments/gateway.ts';
import { blocksSeat } from '../seats/live-claims.ts';
import { notifySeatChange } from '../seats/seat-map-cache.ts';

const SLOT_INDEX = 'shows_movie_slot_live_uq';

/** The start instant of a cinema-calendar date and clock time ('7:30 PM' or '19:30'). */
export function showStart(date: string, time: string, timeZone: string): Date {
  return fromZonedParts(date, parseTimeOfDay(time)!, timeZone);
}

async function requireMovie(db: Db, movieId: string) {
  if (!isUuid(movieId)) throw notFound('Movie not found');
  const [movie] = await db.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId));
  if (!movie) throw notFound('Movie not found');
  return movie;
}

/** True when the movie has no live show starting at that instant (the time-slot rule). */
export async function isSlotFree(db: Db, movieId: string, startsAt: Date): Promise<boolean> {
  await requireMovie(db, movieId);
  const [taken] = await db
    .select({ id: shows.id })
    .from(shows)
    .where(and(eq(shows.movieId, movieId), eq(shows.startsAt, startsAt), eq(shows.status, 'active')));
  return !taken;
}

/**
 * Creates every show of the Add Show draft, all or none. A time given twice for a date is
 * refused with the spec's words; a slot the movie already has is refused by the partial unique
 * index, so two staff adding the same slot at once cannot both succeed.
 */
export async function createShows({
  db,
  input,
  now,
  timeZone,
}: {
  db: Db;
  input: CreateShowsInput;
  now: Date;
  timeZone: string;
}): Promise<Show[]> {
  await requireMovie(db, input.movie);
  const starts: Date[] = [];
  const seen = new Set<number>();
  for (const { date, timings } of input.dateTimings) {
    for (const time of timings) {
      const startsAt = showStart(date, time, timeZone);
      if (seen.has(startsAt.getTime())) throw badRequest(showMessages.duplicateTiming);
      if (startsAt <= now) throw badRequest(`Show times must be in the future: ${date} ${time} has passed`);
      seen.add(startsAt.getTime());
      starts.push(startsAt);
    }
  }
  if (!starts.length) throw badRequest(showMessages.noTimings);
  starts.sort((a, b) => a.getTime() - b.getTime());
  const pricePaise = rupeesToPaise(input.showPrice);
  try {
    const rows = await db
      .insert(shows)
      .values(
        starts.map((startsAt) => ({
          id: randomUUID(),
          movieId: input.movie,
          startsAt,
          pricePaise,
          totalSeats: input.totalSeats,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    return rows.map((row) => toShow(row, 0, row.movieId, timeZone));
  } catch (error) {
    if (pgError(error)?.constraint === SLOT_INDEX) throw conflict(showMessages.slotTaken);
    throw error;
  }
}

/** The show row, locked against holds (they take KEY SHARE on it) until the caller commits. */
async function lockShow(tx: Parameters<Parameters<Db['transaction']>[0]>[0], showId: string) {
  if (!isUuid(showId)) throw notFound('Show not found');
  const [show] = await tx.select().from(shows).where(eq(shows.id, showId)).for('update');
  if (!show) throw notFound('Show not found');
  return show;
}

/**
 * Changes a show's price, start or size. A started or cancelled show is not edited; the seat
 * map never shrinks past a seat that is held or sold; a new start must be free for the movie.
 * Bookings already made keep the amount they were made for.
 */
export async function updateShow({
  db,
  showId,
  input,
  now,
  timeZone,
}: {
  db: Db;
  showId: string;
  input: UpdateShowInput;
  now: Date;
  timeZone: string;
}): Promise<{ show: Show; changes: Record<string, unknown> }> {
  try {
    return await db.transaction(async (tx) => {
      const show = await lockShow(tx, showId);
      if (show.status === 'cancelled') throw badRequest('A cancelled show cannot be edited');
      if (show.startsAt <= now) throw badRequest('This show has already started, so it cannot be edited');
      const changes: Record<string, unknown> = {};
      const set: Partial<typeof shows.$inferInsert> = { updatedAt: now };
      if (input.showPrice !== undefined) {
        set.pricePaise = rupeesToPaise(input.showPrice);
        changes.showPrice = { from: show.pricePaise / 100, to: input.showPrice };
      }
      if (input.showDate !== undefined && input.showTime !== undefined) {
        const startsAt = showStart(input.showDate, input.showTime, timeZone);
        if (startsAt <= now) throw badRequest('A show cannot be moved into the past');
        set.startsAt = startsAt;
        changes.startsAt = { from: show.startsAt.toISOString(), to: startsAt.toISOString() };
      }
      const live = await tx
        .select({ seat: bookingSeats.seat })
        .from(bookingSeats)
        .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
        .where(and(eq(bookingSeats.showId, showId), blocksSeat(now)));
      if (input.totalSeats !== undefined) {
        const furthest = live.reduce(
          (max, { seat }) => (seatIndex(seat) > seatIndex(max ?? 'A1') ? seat : max),
          live[0]?.seat,
        );
        const needed = furthest ? seatIndex(furthest) + 1 : 1;
        if (input.totalSeats < needed) {
          throw badRequest(
            `Total seats cannot be fewer than ${needed}: seat ${furthest} is already held or sold`,
          );
        }
        set.totalSeats = input.totalSeats;
        changes.totalSeats = { from: show.totalSeats, to: input.totalSeats };
      }
      const [row] = await tx.update(shows).set(set).where(eq(shows.id, showId)).returning();
      await notifySeatChange(tx, showId);
      return { show: toShow(row!, live.length, row!.movieId, timeZone), changes };
    });
  } catch (error) {
    if (pgError(error)?.constraint === SLOT_INDEX) throw conflict(showMessages.slotTaken);
    throw error;
  }
}

export interface CancelShowOutcome {
  show: Show;
  changed: boolean;
  cancelledBookings: number;
  /** Refunds recorded for paid bookings, to issue through the gateway after commit. */
  refunds: DueRefund[];
  /** Checkouts of unpaid bookings to close at the gateway. */
  openCheckouts: GatewayPayment[];
}

/**
 * Cancels a show with every booking still live on it, in one transaction: the show cannot be
 * booked again, each seat is freed once, and each paid booking gets exactly one refund record
 * (a second cancel finds nothing live and changes nothing).
 */
export async function cancelShow({
  db,
  showId,
  now,
  timeZone,
}: {
  db: Db;
  showId: string;
  now: Date;
  timeZone: string;
}): Promise<CancelShowOutcome> {
  return db.transaction(async (tx) => {
    const show = await lockShow(tx, showId);
    const outcome: CancelShowOutcome = {
      show: toShow(show, 0, show.movieId, timeZone),
      changed: false,
      cancelledBookings: 0,
      refunds: [],
      openCheckouts: [],
    };
    if (show.status === 'cancelled') return outcome;
    const [row] = await tx
      .update(shows)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(shows.id, showId))
      .returning();
    const cancelled = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(
        and(eq(bookings.showId, showId), or(eq(bookings.status, 'pending'), eq(bookings.status, 'paid'))),
      )
      .returning({ id: bookings.id });
    const ids = cancelled.map((booking) => booking.id);
    if (ids.length) {
      await tx.update(bookingSeats).set({ isLive: false }).where(inArray(bookingSeats.bookingId, ids));
      const open = await tx
        .update(payments)
        .set({ status: 'expired', updatedAt: now })
        .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'open')))
        .returning({ gateway: payments.gateway, ref: payments.gatewayRef });
      outcome.openCheckouts = open.map((payment) => ({
        gateway: payment.gateway as GatewayName,
        ref: payment.ref,
      }));
      const paid = await tx
        .select()
        .from(payments)
        .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'succeeded')));
      // One refund per paid booking, recorded in one statement.
      outcome.refunds = paid.map((payment) => ({
        refundId: randomUUID(),
        gateway: payment.gateway as GatewayName,
        paymentRef: payment.gatewayRef,
        amountPaise: payment.amountPaise,
      }));
      // Every buyer who had paid is told, in the same transaction (CONTRACT §6).
      for (const payment of paid)
        await enqueueEmail(tx, { kind: 'show-cancelled', bookingId: payment.bookingId });
      if (paid.length) {
        await tx.insert(refunds).values(
          paid.map((payment, i) => ({
            id: outcome.refunds[i]!.refundId,
            paymentId: payment.id,
            amountPaise: payment.amountPaise,
            reason: 'The show was cancelled by the cinema',
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
    }
    await notifySeatChange(tx, showId);
    return {
      ...outcome,
      show: toShow(row!, 0, row!.movieId, timeZone),
      changed: true,
      cancelledBookings: ids.length,
    };
  });
}

/** Deletes a show that nobody ever booked; any booking, in any state, keeps it (cancel instead). */
export async function deleteShow(db: Db, showId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShow(tx, showId);
    const [{ value }] = (await tx
      .select({ value: count() })
      .from(bookings)
      .where(eq(bookings.showId, showId))) as [{ value: number }];
    if (Number(value) > 0)
      throw conflict('This show has bookings, so it cannot be deleted. Cancel the show instead.');
    await tx.delete(shows).where(eq(shows.id, showId));
    await notifySeatChange(tx, showId);
  });
}
