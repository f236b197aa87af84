import { isDeepStrictEqual } from 'node:util';
import {
  gridLayout,
  layoutClasses,
  lowestPrice,
  pricesInRupees,
  seatIndex,
  showMessages,
  type Show,
  type UpdateShowInput,
} from '@marquee/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { pgError, type Db } from '../../db/client.ts';
import { bookings, bookingSeats, movies, shows } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { showDateTime } from '../admission/index.ts';
import { recordAudit } from '../audit/index.ts';
import { toShow } from '../catalogue/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { classPrices, DEFAULT_SCREEN_ID, screenOverlapError } from '../screens/index.ts';
import { blocksSeat } from '../seats/index.ts';
import { paidBookingIds } from './paid-bookings.ts';
import { lockShow, showStart, SLOT_INDEX } from './show-rules.ts';

export const MOVE_AFTER_ADMISSION =
  'Guests have already been admitted to this show, so it cannot be moved to another time';

/**
 * Changes a show's prices, start, size, language or format. The language and format only while no
 * seat of the show is held or sold (409 after: buyers chose the show by them). A started or cancelled show is not edited; the seat
 * map never shrinks past a seat that is held or sold; a new start must be free for the movie.
 * Bookings already made keep the amount they were made for (new prices are for new holds). Only
 * a show on the default screen has a size of its own (the spec's grid of `totalSeats`); any
 * other show's map is its screen's. A move emails every paid buyer, queued in the same
 * transaction, once per booking. The audit row is written in the same transaction too: an edit
 * is never committed without it, nor recorded without happening.
 */
export async function updateShow({
  db,
  showId,
  actorId,
  input,
  now,
  timeZone,
}: {
  db: Db;
  showId: string;
  actorId: string | null;
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
      if (input.showPrice !== undefined || input.prices !== undefined) {
        // One class takes the spec's single price; several need a price each (CONTRACT §7).
        const prices = classPrices(show.layout, input.prices, input.showPrice);
        set.prices = prices;
        set.pricePaise = lowestPrice(prices);
        changes.prices = { from: pricesInRupees(show.prices), to: pricesInRupees(prices) };
      }
      if (input.showDate !== undefined && input.showTime !== undefined) {
        const startsAt = showStart(input.showDate, input.showTime, timeZone);
        if (startsAt <= now) throw badRequest('A show cannot be moved into the past');
        set.startsAt = startsAt;
        // The screen stays taken for as long as before, from the new start.
        if (show.screenFreeAt) {
          set.screenFreeAt = new Date(
            startsAt.getTime() + show.screenFreeAt.getTime() - show.startsAt.getTime(),
          );
        }
        if (startsAt.getTime() !== show.startsAt.getTime()) {
          // Doors open before the start: a guest already let in could not be admitted again at
          // the new time, nor cancel (bookings/cancel-booking.ts).
          const [admitted] = await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.showId, showId), isNotNull(bookings.checkedInAt)))
            .limit(1);
          if (admitted) throw conflict(MOVE_AFTER_ADMISSION);
          changes.startsAt = { from: show.startsAt.toISOString(), to: startsAt.toISOString() };
        }
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
        const [cls] = layoutClasses(show.layout);
        // A grid on another screen is still that screen's map: resizing it would sell seats the
        // hall does not have.
        const isOwnGrid =
          show.screenId === DEFAULT_SCREEN_ID &&
          isDeepStrictEqual(show.layout, gridLayout(show.totalSeats, cls));
        if (!isOwnGrid) {
          throw badRequest("This show's seats come from its screen's layout, so its total cannot be changed");
        }
        set.totalSeats = input.totalSeats;
        set.layout = gridLayout(input.totalSeats, cls);
        changes.totalSeats = { from: show.totalSeats, to: input.totalSeats };
      }
      const language = input.language !== show.language ? input.language : undefined;
      const format = input.format !== show.format ? input.format : undefined;
      if (language !== undefined || format !== undefined) {
        // What buyers chose the show by: fixed once anyone has seats in it. The show is locked
        // FOR UPDATE, and a hold takes it FOR KEY SHARE, so no hold slips in between this read
        // and the change.
        if (live.length > 0) throw conflict(showMessages.versionLocked);
        if (language !== undefined) {
          const [movie] = await tx
            .select({ languages: movies.languages })
            .from(movies)
            .where(eq(movies.id, show.movieId));
          const known = movie?.languages ?? [];
          if (known.length && !known.includes(language))
            throw badRequest(`This film is shown in ${known.join(', ')}, not ${language}`);
          set.language = language;
          changes.language = { from: show.language, to: language };
        }
        if (format !== undefined) {
          set.format = format;
          changes.format = { from: show.format, to: format };
        }
      }
      const [row] = await tx.update(shows).set(set).where(eq(shows.id, showId)).returning();
      if (changes.startsAt) {
        // Under the show's lock no booking becomes paid meanwhile (decision 0009): each paid buyer
        // is told, and the key names this move, so a later move is told again.
        const was = { ...showDateTime(show.startsAt, timeZone), screen: show.screenName };
        const change = `${show.updatedAt.getTime()}>${row!.startsAt.getTime()}`;
        const told = await paidBookingIds(tx, showId);
        for (const bookingId of told) await enqueueEmail(tx, { kind: 'show-moved', bookingId, change, was });
        changes.buyersEmailed = told.length;
      }
      await recordAudit(tx, {
        actorId,
        action: 'show.update',
        entityType: 'show',
        entityId: showId,
        details: changes,
      });
      return { show: toShow(row!, live.length, row!.movieId, timeZone), changes };
    });
  } catch (error) {
    if (pgError(error)?.constraint === SLOT_INDEX) throw conflict(showMessages.slotTaken);
    throw screenOverlapError(error) ?? error;
  }
}
