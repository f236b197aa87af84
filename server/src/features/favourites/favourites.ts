import type { Movie } from '@marquee/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { favourites, movies } from '../../db/schema.ts';
import { toMovie } from '../catalogue/index.ts';

export async function listFavourites({
  db,
  userId,
  withRetired = false,
}: {
  db: Queryable;
  userId: string;
  /** Retired films too (the buyer's data export: everything the cinema holds). */
  withRetired?: boolean;
}): Promise<Movie[]> {
  const rows = await db
    .select({ movie: movies })
    .from(favourites)
    .innerJoin(movies, eq(movies.id, favourites.movieId))
    // A retired film leaves every buyer's list; restored, it is back.
    .where(and(eq(favourites.userId, userId), withRetired ? undefined : eq(movies.active, true)))
    .orderBy(desc(favourites.createdAt));
  return rows.map((row) => toMovie(row.movie));
}

/**
 * Adds the movie to the user's favourites, or removes it if it was there. The insert either
 * claims the (user, movie) key or finds it taken, so a double click cannot add it twice.
 */
export async function toggleFavourite({
  db,
  userId,
  movieId,
}: {
  db: Queryable;
  userId: string;
  movieId: string;
}): Promise<{ isFavourite: boolean }> {
  const added = await db.insert(favourites).values({ userId, movieId }).onConflictDoNothing().returning();
  if (added.length) return { isFavourite: true };
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.movieId, movieId)));
  return { isFavourite: false };
}
