import {
  languagesFromText,
  ratingFromText,
  runtimeMinutes,
  type AdminMovie,
  type Movie,
  type UpdateMovieInput,
} from '@marquee/shared';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { pgError, type Db, type Queryable, type Tx } from '../../db/client.ts';
import { favourites, movies, shows } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyCatalogueChange, toMovie } from '../catalogue/index.ts';
import { screenOverlapError } from '../screens/index.ts';

type MovieRow = typeof movies.$inferSelect;

/** The add form's fields and the columns they are kept in. */
const columns = {
  Title: 'title',
  Year: 'year',
  Rated: 'rated',
  Released: 'released',
  Runtime: 'runtime',
  Genre: 'genre',
  Director: 'director',
  Writer: 'writer',
  Actors: 'actors',
  Plot: 'plot',
  Language: 'language',
  Country: 'country',
  Awards: 'awards',
  Poster: 'poster',
  trailer_link: 'trailerLink',
  featured: 'isFeatured',
  active: 'active',
  distributorSharePercent: 'distributorSharePercent',
  format: 'format',
} as const satisfies Partial<Record<keyof UpdateMovieInput, keyof MovieRow>>;

export const HAS_SHOWS_MESSAGE = 'This movie has shows, so it cannot be deleted. Retire it instead.';

async function lockMovie(tx: Tx, movieId: string): Promise<MovieRow> {
  if (!isUuid(movieId)) throw notFound('Movie not found');
  const [row] = await tx.select().from(movies).where(eq(movies.id, movieId)).for('update');
  if (!row) throw notFound('Movie not found');
  return row;
}

/**
 * Corrects a movie and retires or restores it, with its audit row, in one transaction. The slug
 * stays: /book/{slug} links already shared keep working after a title is corrected.
 *
 * Retiring locks the film's shows: a hold locks its show before it books, so a hold under way
 * finishes first and any later one reads the retirement (db/sql/marquee_booking_needs_active_movie.sql). A new runtime moves
 * when the screen is free after each show still to end; an overlap that makes is refused whole.
 */
export async function updateMovie({
  db,
  movieId,
  actorId,
  input,
  now,
  cleaningMinutes,
}: {
  db: Db;
  movieId: string;
  actorId: string | null;
  input: UpdateMovieInput;
  now: Date;
  cleaningMinutes: number;
}): Promise<Movie> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockMovie(tx, movieId);
      const set: Partial<MovieRow> = {};
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [field, column] of Object.entries(columns) as [keyof typeof columns, keyof MovieRow][]) {
        const value = input[field];
        if (value === undefined || value === before[column]) continue;
        Object.assign(set, { [column]: value });
        changes[field] = { from: before[column], to: value };
      }
      // The languages as given, or read from a new Language text when they are not given.
      const languages =
        input.languages ?? (input.Language !== undefined ? languagesFromText(input.Language) : undefined);
      if (languages !== undefined && languages.join('\n') !== before.languages.join('\n')) {
        set.languages = languages;
        changes.languages = { from: before.languages, to: languages };
      }
      if (input.Ratings !== undefined) {
        const rating = ratingFromText(input.Ratings);
        if (rating !== before.rating) {
          set.rating = rating;
          changes.Ratings = { from: before.rating, to: rating };
        }
      }
      if (!Object.keys(changes).length) return toMovie(before);
      const [row] = await tx
        .update(movies)
        .set({ ...set, updatedAt: now })
        .where(eq(movies.id, before.id))
        .returning();
      if (set.active === false) {
        await tx.select({ id: shows.id }).from(shows).where(eq(shows.movieId, before.id)).for('update');
      }
      if (set.runtime !== undefined) {
        const minutes = runtimeMinutes(set.runtime) + cleaningMinutes;
        await tx
          .update(shows)
          .set({ screenFreeAt: sql`${shows.startsAt} + make_interval(mins => ${minutes}::integer)` })
          .where(and(eq(shows.movieId, before.id), eq(shows.status, 'active'), gt(shows.screenFreeAt, now)));
      }
      const action =
        set.active === false ? 'movie.retire' : set.active === true ? 'movie.restore' : 'movie.update';
      await recordAudit(tx, {
        actorId,
        action,
        entityType: 'movie',
        entityId: before.id,
        details: { title: row!.title, changes },
      });
      await notifyCatalogueChange(tx);
      return toMovie(row!);
    });
  } catch (error) {
    throw screenOverlapError(error) ?? error;
  }
}

/**
 * Deletes a movie that never had a show, with its audit row. The shows' foreign key has the last
 * word: a show added meanwhile makes the delete fail, and that is the same 409.
 */
export async function deleteMovie({
  db,
  movieId,
  actorId,
}: {
  db: Db;
  movieId: string;
  actorId: string | null;
}): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const movie = await lockMovie(tx, movieId);
      const [{ value }] = (await tx
        .select({ value: count() })
        .from(shows)
        .where(eq(shows.movieId, movie.id))) as [{ value: number }];
      if (Number(value) > 0) throw conflict(HAS_SHOWS_MESSAGE);
      await tx.delete(favourites).where(eq(favourites.movieId, movie.id));
      await tx.delete(movies).where(eq(movies.id, movie.id));
      await recordAudit(tx, {
        actorId,
        action: 'movie.delete',
        entityType: 'movie',
        entityId: movie.id,
        details: { title: movie.title, year: movie.year },
      });
      await notifyCatalogueChange(tx);
    });
  } catch (error) {
    if (pgError(error)?.code === '23503') throw conflict(HAS_SHOWS_MESSAGE);
    throw error;
  }
}

/** Every movie, retired ones too, A to Z, each with how many shows it has ever had. */
export async function listAdminMovies(db: Queryable): Promise<AdminMovie[]> {
  const showCounts = db
    .select({ movieId: shows.movieId, value: count().as('show_count') })
    .from(shows)
    .groupBy(shows.movieId)
    .as('show_counts');
  const rows = await db
    .select({ movie: movies, showCount: sql<number>`coalesce(${showCounts.value}, 0)`.mapWith(Number) })
    .from(movies)
    .leftJoin(showCounts, eq(showCounts.movieId, movies.id))
    .orderBy(asc(movies.title));
  return rows.map(({ movie, showCount }) => ({ ...toMovie(movie), showCount }));
}
