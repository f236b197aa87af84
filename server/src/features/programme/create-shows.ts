import { randomUUID } from 'node:crypto';
import { rupeesToPaise, showMessages, type CreateShowsInput, type Show } from '@marquee/shared';
import { pgError, type Db } from '../../db/client.ts';
import { shows } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { toShow } from '../catalogue/serialize.ts';
import { requireMovie, showStart, SLOT_INDEX } from './show-rules.ts';

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
