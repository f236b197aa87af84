import { randomUUID } from 'node:crypto';
import {
  gridLayout,
  lowestPrice,
  MAX_TOTAL_SEATS,
  overlappingSlots,
  overlappingSlotsMessage,
  seatIds,
  showMessages,
  type CreateShowsInput,
  type Layout,
  type Show,
  type ShowTimeSlot,
} from '@marquee/shared';
import { pgError, type Db } from '../../db/client.ts';
import { shows } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { toShow } from '../catalogue/index.ts';
import {
  classPrices,
  DEFAULT_SCREEN_ID,
  findScreen,
  screenFreeAt,
  screenOverlapError,
  STANDARD_CLASS,
} from '../screens/index.ts';
import { requireMovie, showStart, SLOT_INDEX } from './show-rules.ts';

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
 * screen. Never on another screen: its map would not be that screen's, and buyers would be sold
 * seats the hall does not have (CONTRACT §7). Times of one request that overlap each other are
 * refused whole, naming them, before the database would refuse them without a name.
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
  const slots: ShowTimeSlot[] = [];
  const seen = new Set<number>();
  for (const { date, timings } of input.dateTimings) {
    for (const time of timings) {
      const startsAt = showStart(date, time, timeZone);
      if (seen.has(startsAt.getTime())) throw badRequest(showMessages.duplicateTiming);
      if (startsAt <= now) throw badRequest(`Show times must be in the future: ${date} ${time} has passed`);
      seen.add(startsAt.getTime());
      slots.push({ date, time, startsAt });
    }
  }
  if (!slots.length) throw badRequest(showMessages.noTimings);
  slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const clash = overlappingSlots(slots, movie.runtime, cleaningMinutes);
  if (clash) throw conflict(overlappingSlotsMessage(clash, cleaningMinutes));
  const { screen, layout, prices } = await showSeating(db, input);
  // A show plays in one of the film's languages (any known one while the film names none).
  if (input.language !== undefined && movie.languages.length && !movie.languages.includes(input.language))
    throw badRequest(`This film is shown in ${movie.languages.join(', ')}, not ${input.language}`);
  const language = input.language ?? movie.languages[0] ?? null;
  const format = input.format ?? movie.format;
  try {
    const rows = await db
      .insert(shows)
      .values(
        slots.map(({ startsAt }) => ({
          id: randomUUID(),
          movieId: input.movie,
          startsAt,
          screenId: screen.id,
          screenName: screen.name,
          layout,
          prices,
          pricePaise: lowestPrice(prices),
          totalSeats: seatIds(layout).length,
          screenFreeAt: screenFreeAt(startsAt, movie.runtime, cleaningMinutes),
          language,
          format,
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

/** The screen (the default one unless the payload names one), layout snapshot and class prices (paise). */
async function showSeating(
  db: Db,
  input: CreateShowsInput,
): Promise<{ screen: { id: string; name: string }; layout: Layout; prices: Record<string, number> }> {
  if (input.screen === undefined) {
    const { id, name } = await findScreen(db, DEFAULT_SCREEN_ID);
    const layout = gridLayout(input.totalSeats ?? DEFAULT_TOTAL_SEATS, STANDARD_CLASS);
    const prices = classPrices(
      layout,
      input.showPrice === undefined ? input.prices : undefined,
      input.showPrice,
    );
    return { screen: { id, name }, layout, prices };
  }
  const screen = await findScreen(db, input.screen);
  // Layouts are held to MAX_TOTAL_SEATS (shared/seat-layout.ts), as shows are (shows_total_seats_range),
  // but one stored before that limit may have up to 780 seats: no show can be made from it.
  if (seatIds(screen.layout).length > MAX_TOTAL_SEATS) {
    throw conflict(
      `A screen has at most ${MAX_TOTAL_SEATS} seats: change this screen's layout before adding shows`,
    );
  }
  return {
    screen: { id: screen.id, name: screen.name },
    layout: screen.layout,
    prices: classPrices(screen.layout, input.prices, input.showPrice),
  };
}
