import { fromZonedParts, parseTimeOfDay } from '@marquee/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { movies, shows } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

// What the show verbs (create-shows, update-show, cancel-show, delete-show) share.

export const SLOT_INDEX = 'shows_movie_slot_live_uq';

/** The start instant of a cinema-calendar date and clock time ('7:30 PM' or '19:30'). */
export function showStart(date: string, time: string, timeZone: string): Date {
  return fromZonedParts(date, parseTimeOfDay(time)!, timeZone);
}

export async function requireMovie(db: Db, movieId: string) {
  if (!isUuid(movieId)) throw notFound('Movie not found');
  const [movie] = await db
    .select({ id: movies.id, runtime: movies.runtime, languages: movies.languages, format: movies.format })
    .from(movies)
    .where(eq(movies.id, movieId));
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
 * True when the screen has no live show overlapping [startsAt, freeAt): what the exclusion
 * constraint shows_screen_no_overlap will decide at insert, asked ahead for the form.
 */
export async function isScreenFree(db: Db, screenId: string, startsAt: Date, freeAt: Date): Promise<boolean> {
  const [taken] = await db
    .select({ id: shows.id })
    .from(shows)
    .where(
      and(
        eq(shows.screenId, screenId),
        eq(shows.status, 'active'),
        lt(shows.startsAt, freeAt),
        gt(shows.screenFreeAt, startsAt),
      ),
    )
    .limit(1);
  return !taken;
}

export async function requireShow(db: Db, showId: string): Promise<{ id: string }> {
  if (!isUuid(showId)) throw notFound('Show not found');
  const [show] = await db.select({ id: shows.id }).from(shows).where(eq(shows.id, showId));
  if (!show) throw notFound('Show not found');
  return show;
}

/** The show row, locked against holds (they take KEY SHARE on it) until the caller commits. */
export async function lockShow(tx: Tx, showId: string) {
  if (!isUuid(showId)) throw notFound('Show not found');
  const [show] = await tx.select().from(shows).where(eq(shows.id, showId)).for('update');
  if (!show) throw notFound('Show not found');
  return show;
}
