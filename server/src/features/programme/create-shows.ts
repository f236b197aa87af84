import { randomUUID } from 'node:crypto';
import {
  gridLayout,
  seatIds,
  showMessages,
  type CreateShowsInput,
  type Layout,
  type Show,
  SCREEN_BOOKED_MESSAGE,
} from '@marquee/shared';
import { pgError, type Db } from '../../db/client.ts';
import { shows } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { toShow } from '../catalogue/serialize.ts';
import {
  classPrices,
  DEFAULT_SCREEN_ID,
  findScreen,
  lowestPrice,
  screenFreeAt,
  screenOverlapError,
  STANDARD_CLASS,
} from '../screens/screen-rules.ts';
import { freeScreens, isSlotFree, requireMovie, showStart, SLOT_INDEX } from './show-rules.ts';

/** The spec's default size of a show when the payload names none. */
const DEFAULT_TOTAL_SEATS = 100;

/**
 * Creates every show of the Add Show draft, all or none. A time given twice for a date is
 * refused with the spec's words; a slot the movie already has is refused by the partial unique
 * index, and a show overlapping another on its screen (runtime + `cleaningMinutes`) by the
 * exclusion constraint, so two staff adding clashing shows at once cannot both succeed.
 *
 * With `screen`, the show takes a snapshot of the screen's layout and a price per class; without,
 * the spec's map of `totalSeats` seats in rows of 12, one class at `showPrice`, on the default
 * screen or, when that is taken at that time, another free one.
 */
export async function createShows({
  db,
  input,
  now,
  timeZone,
  cleaningMinutes,
}: {
  db: Db;
  input: CreateShowsInput;
  now: Date;
  timeZone: string;
  cleaningMinutes: number;
}): Promise<Show[]> {
  const movie = await requireMovie(db, input.movie);
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
  const { screen, layout, prices } = await showSeating(db, input);
  const slots = starts.map((startsAt) => ({
    startsAt,
    freeAt: screenFreeAt(startsAt, movie.runtime, cleaningMinutes),
  }));
  const placed = screen ? slots.map(() => screen) : await placeOnFreeScreens(db, input.movie, slots);
  try {
    const rows = await db
      .insert(shows)
      .values(
        slots.map(({ startsAt, freeAt }, index) => ({
          id: randomUUID(),
          movieId: input.movie,
          startsAt,
          screenId: placed[index]!.id,
          screenName: placed[index]!.name,
          layout,
          prices,
          pricePaise: lowestPrice(prices),
          totalSeats: seatIds(layout).length,
          screenFreeAt: freeAt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    return rows.map((row) => toShow(row, 0, row.movieId, timeZone));
  } catch (error) {
    if (pgError(error)?.constraint === SLOT_INDEX) throw conflict(showMessages.slotTaken);
    throw screenOverlapError(error) ?? error;
  }
}

/**
 * A screen for each slot of a payload that names none: the default screen when it is free then,
 * else the first other free one, so the spec's Add Show works beside a full programme. Slots of
 * the same payload count too. The exclusion constraint still has the last word under concurrency.
 */
async function placeOnFreeScreens(
  db: Db,
  movieId: string,
  slots: { startsAt: Date; freeAt: Date }[],
): Promise<{ id: string; name: string }[]> {
  const placed: { id: string; name: string; startsAt: Date; freeAt: Date }[] = [];
  for (const slot of slots) {
    const candidates = await freeScreens(db, slot.startsAt, slot.freeAt, DEFAULT_SCREEN_ID);
    const screen = candidates.find(
      (candidate) =>
        !placed.some(
          (other) =>
            other.id === candidate.id && other.startsAt < slot.freeAt && slot.startsAt < other.freeAt,
        ),
    );
    if (!screen) {
      // The movie's own show at that start is what fills the screen: say so in the spec's words.
      if (!(await isSlotFree(db, movieId, slot.startsAt))) throw conflict(showMessages.slotTaken);
      throw conflict(SCREEN_BOOKED_MESSAGE);
    }
    placed.push({ ...screen, ...slot });
  }
  return placed;
}

/** The screen (unless the payload names none), layout snapshot and class prices (paise) of the shows. */
async function showSeating(
  db: Db,
  input: CreateShowsInput,
): Promise<{ screen: { id: string; name: string } | null; layout: Layout; prices: Record<string, number> }> {
  if (input.screen === undefined) {
    const layout = gridLayout(input.totalSeats ?? DEFAULT_TOTAL_SEATS, STANDARD_CLASS);
    const prices = classPrices(
      layout,
      input.showPrice === undefined ? input.prices : undefined,
      input.showPrice,
    );
    return { screen: null, layout, prices };
  }
  const screen = await findScreen(db, input.screen);
  return {
    screen: { id: screen.id, name: screen.name },
    layout: screen.layout,
    prices: classPrices(screen.layout, input.prices, input.showPrice),
  };
}
