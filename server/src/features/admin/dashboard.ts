import {
  addDays,
  cinemaDay,
  paiseToRupees,
  zonedDate,
  type DashboardData,
  type DashboardDayFigures,
} from '@marquee/shared';
import { and, count, countDistinct, eq, gt, gte, lt, ne, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, movies, sessions, shows, users } from '../../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The dashboard's figures, each defined in shared/src/admin.ts (DashboardData) and docs/admin.md:
 * what is true now, not a running tally, so a cancellation or refund is reflected at once.
 */
export async function dashboardFigures(db: Queryable, now: Date, timeZone: string): Promise<DashboardData> {
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const weekAhead = new Date(now.getTime() + 7 * DAY);
  const monthAgo = new Date(now.getTime() - 30 * DAY);

  const [showFigures] = await db
    .select({
      active: count(),
      nextWeek: sql<number>`count(*) filter (where ${shows.startsAt} < ${weekAhead})`.mapWith(Number),
    })
    .from(shows)
    .where(and(ne(shows.status, 'cancelled'), gt(shows.startsAt, now)));

  const [paid] = await db
    .select({
      bookings: count(),
      revenuePaise: sum(bookings.amountPaise).mapWith(Number),
      lastWeek: sql<number>`count(*) filter (where ${bookings.createdAt} >= ${weekAgo})`.mapWith(Number),
      lastWeekPaise:
        sql<number>`coalesce(sum(${bookings.amountPaise}) filter (where ${bookings.createdAt} >= ${weekAgo}), 0)`.mapWith(
          Number,
        ),
    })
    .from(bookings)
    .where(eq(bookings.status, 'paid'));

  // Active: signed in (a session touched) or booked within 30 days.
  const activity = db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(gte(sessions.updatedAt, monthAgo))
    .union(db.select({ userId: bookings.userId }).from(bookings).where(gte(bookings.createdAt, monthAgo)))
    .as('activity');
  const [active] = await db.select({ value: countDistinct(activity.userId) }).from(activity);
  const [newUsers] = await db.select({ value: count() }).from(users).where(gte(users.createdAt, weekAgo));
  const [catalogue] = await db.select({ value: count() }).from(movies);

  const today = cinemaDay(zonedDate(now, timeZone), timeZone);
  const lastWeekDate = addDays(zonedDate(now, timeZone), -7);
  const lastWeek = cinemaDay(lastWeekDate, timeZone);
  const sameDayLastWeek = {
    date: lastWeekDate,
    today: await dayFiguresOf(db, today, now),
    // Up to the same time of day, so a morning's figures are not set against a whole day's.
    lastWeek: await dayFiguresOf(
      db,
      lastWeek,
      new Date(lastWeek.start.getTime() + (now.getTime() - today.start.getTime())),
    ),
  };

  return {
    activeShows: Number(showFigures?.active ?? 0),
    totalBookings: Number(paid?.bookings ?? 0),
    totalUser: Number(active?.value ?? 0),
    totalRevenue: paiseToRupees(paid?.revenuePaise ?? 0),
    totalMovies: Number(catalogue?.value ?? 0),
    trends: {
      showsNext7Days: Number(showFigures?.nextWeek ?? 0),
      bookingsLast7Days: Number(paid?.lastWeek ?? 0),
      newUsersLast7Days: Number(newUsers?.value ?? 0),
      revenueLast7Days: paiseToRupees(paid?.lastWeekPaise ?? 0),
    },
    sameDayLastWeek,
  };
}

/**
 * One cinema day's figures: the day's shows (not cancelled), and what happened from its start up
 * to `until` — bookings paid then (by when they were paid, as the sales chart counts) and still
 * paid now, their rupees, accounts created.
 */
async function dayFiguresOf(
  db: Queryable,
  day: { start: Date; end: Date },
  until: Date,
): Promise<DashboardDayFigures> {
  const [showCount] = await db
    .select({ value: count() })
    .from(shows)
    .where(and(ne(shows.status, 'cancelled'), gte(shows.startsAt, day.start), lt(shows.startsAt, day.end)));
  const [paid] = await db
    .select({ bookings: count(), revenuePaise: sum(bookings.amountPaise).mapWith(Number) })
    .from(bookings)
    .where(
      and(eq(bookings.status, 'paid'), gte(bookings.createdAt, day.start), lt(bookings.createdAt, until)),
    );
  const [joined] = await db
    .select({ value: count() })
    .from(users)
    .where(and(gte(users.createdAt, day.start), lt(users.createdAt, until)));
  return {
    shows: Number(showCount?.value ?? 0),
    bookings: Number(paid?.bookings ?? 0),
    newUsers: Number(joined?.value ?? 0),
    revenue: paiseToRupees(paid?.revenuePaise ?? 0),
  };
}
