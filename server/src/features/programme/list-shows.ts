import { cinemaDay, type AdminShow, type ShowStatus } from '@marquee/shared';
import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, bookingSeats, movies, shows } from '../../db/schema.ts';
import { toShow } from '../catalogue/index.ts';
import { blocksSeat } from '../seats/index.ts';

export type AdminShowStatus = ShowStatus | 'past' | 'upcoming';

export interface AdminShowFilter {
  movieId?: string;
  /** YYYY-MM-DD in the cinema's calendar. */
  date?: string;
  status?: AdminShowStatus;
}

/**
 * Every show as staff see it, upcoming ones first (soonest first), then past ones (latest
 * first), with seats sold and held and how many bookings it has.
 */
export async function listAdminShows({
  db,
  filter,
  now,
  timeZone,
  limit,
  offset,
}: {
  db: Queryable;
  filter: AdminShowFilter;
  now: Date;
  timeZone: string;
  limit: number;
  offset: number;
}): Promise<{ shows: AdminShow[]; total: number }> {
  const seats = db
    .select({
      showId: bookingSeats.showId,
      sold: sql<number>`count(*) filter (where ${bookings.status} = 'paid')`.mapWith(Number).as('sold'),
      held: sql<number>`count(*) filter (where ${bookings.status} = 'pending' and ${blocksSeat(now)})`
        .mapWith(Number)
        .as('held'),
    })
    .from(bookingSeats)
    .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
    .where(eq(bookingSeats.isLive, true))
    .groupBy(bookingSeats.showId)
    .as('seats');
  const bookingCounts = db
    .select({ showId: bookings.showId, value: count().as('booking_count') })
    .from(bookings)
    .groupBy(bookings.showId)
    .as('booking_counts');

  const taken = sql<number>`coalesce(${seats.sold}, 0) + coalesce(${seats.held}, 0)`;
  const conditions: (SQL | undefined)[] = [filter.movieId ? eq(shows.movieId, filter.movieId) : undefined];
  if (filter.date) {
    const { start, end } = cinemaDay(filter.date, timeZone);
    conditions.push(sql`${shows.startsAt} >= ${start}`, sql`${shows.startsAt} < ${end}`);
  }
  switch (filter.status) {
    case 'cancelled':
      conditions.push(eq(shows.status, 'cancelled'));
      break;
    case 'sold-out':
      conditions.push(eq(shows.status, 'active'), sql`${taken} >= ${shows.totalSeats}`);
      break;
    case 'active':
      conditions.push(eq(shows.status, 'active'), sql`${taken} < ${shows.totalSeats}`);
      break;
    case 'past':
      conditions.push(lte(shows.startsAt, now));
      break;
    case 'upcoming':
      conditions.push(gt(shows.startsAt, now));
      break;
  }
  const where = and(...conditions);

  const rows = await db
    .select({
      show: shows,
      movie: { _id: movies.id, title: movies.title, poster: movies.poster, languages: movies.languages },
      sold: sql<number>`coalesce(${seats.sold}, 0)`.mapWith(Number),
      held: sql<number>`coalesce(${seats.held}, 0)`.mapWith(Number),
      bookingCount: sql<number>`coalesce(${bookingCounts.value}, 0)`.mapWith(Number),
    })
    .from(shows)
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .leftJoin(seats, eq(seats.showId, shows.id))
    .leftJoin(bookingCounts, eq(bookingCounts.showId, shows.id))
    .where(where)
    .orderBy(
      sql`(${shows.startsAt} <= ${now})`,
      sql`case when ${shows.startsAt} > ${now} then ${shows.startsAt} end asc`,
      desc(shows.startsAt),
      asc(movies.title),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(shows)
    .leftJoin(seats, eq(seats.showId, shows.id))
    .where(where);
  return {
    total: Number(total?.value ?? 0),
    shows: rows.map(({ show, movie, sold, held, bookingCount }) => ({
      ...toShow(show, sold + held, movie, timeZone),
      seatsSold: sold,
      seatsHeld: held,
      bookingCount,
    })),
  };
}
