import { lowestPrice, type Movie, type MovieWithShows, type Show } from '@marquee/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { movies, shows } from '../../db/schema.ts';
import { takenSeatsByShow } from '../seats/index.ts';
import { toMovie, toShow } from './serialize.ts';
import { isUuid } from '../../lib/ids.ts';

export interface CatalogueQuery {
  db: Queryable;
  timeZone: string;
  now: Date;
}

/** True for a string shaped like the uuids we issue; anything else cannot name a row. */
// Kept here for the features that still import it from the catalogue; it lives in lib/ids.ts.
export { isUuid };

export async function listMovies({ db }: Pick<CatalogueQuery, 'db'>): Promise<Movie[]> {
  const rows = await db.select().from(movies).orderBy(asc(movies.title));
  return rows.map(toMovie);
}

export async function findMovie({ db, id }: { db: Queryable; id: string }): Promise<Movie | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(movies).where(eq(movies.id, id));
  return row ? toMovie(row) : null;
}

/**
 * Shows that have not started, soonest first, each with its movie, for one movie or all: what
 * buyers are offered, so a retired film's shows are not among them.
 */
export async function listUpcomingShows({
  db,
  timeZone,
  now,
  movieId,
}: CatalogueQuery & { movieId?: string }): Promise<Show<Movie>[]> {
  const taken = takenSeatsByShow(db, now);
  const rows = await db
    .select({ show: shows, movie: movies, taken: sql<number>`coalesce(${taken.taken}, 0)` })
    .from(shows)
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .leftJoin(taken, eq(taken.showId, shows.id))
    .where(
      and(
        gt(shows.startsAt, now),
        eq(movies.active, true),
        movieId === undefined ? undefined : eq(shows.movieId, movieId),
      ),
    )
    .orderBy(asc(shows.startsAt), asc(movies.title));
  return rows.map((row) => toShow(row.show, Number(row.taken), toMovie(row.movie), timeZone));
}

/** Movies with at least one upcoming show not cancelled, with the figures the home cards need. */
export async function listMoviesWithShows(query: CatalogueQuery): Promise<MovieWithShows[]> {
  const upcoming = await listUpcomingShows(query);
  const byMovie = new Map<string, { movie: Movie; shows: Show[] }>();
  for (const { movie, ...show } of upcoming) {
    let entry = byMovie.get(movie._id);
    if (!entry) byMovie.set(movie._id, (entry = { movie, shows: [] }));
    entry.shows.push({ ...show, movie: movie._id });
  }
  // A movie whose every upcoming show is cancelled is not showing: it leaves Now Showing.
  const showing = [...byMovie.values()].filter(({ shows: movieShows }) =>
    movieShows.some((show) => show.status !== 'cancelled'),
  );
  return showing.map(({ movie, shows: movieShows }) => {
    const bookable = movieShows.filter((show) => show.status === 'active');
    const prices = bookable.map((show) => show.showPrice);
    return {
      ...movie,
      // The spec's own client reads each entry as { movie, shows } (CONTRACT §8).
      movie,
      shows: movieShows,
      showCount: bookable.length,
      showDates: [...new Set(movieShows.map((show) => show.showDate))],
      lowestPrice: prices.length ? lowestPrice(prices) : null,
    };
  });
}
