import {
  addDays,
  cinemaDay,
  formatTimeOfDay,
  paiseToRupees,
  toZonedParts,
  zonedDate,
  type DashboardChartsResponse,
} from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

type Charts = Omit<DashboardChartsResponse, 'success' | 'message'>;
type Rows<T> = { rows: T[] };

/**
 * The dashboard's charts (CONTRACT §14): paid sales per day of the last 30 days (by the day the
 * booking was paid, the cinema's calendar), today's occupancy per show (seats of paid bookings,
 * comps included), and gross by channel over the same 30 days; with today against the same day
 * last week, which replaces the dashboard's fixed trend texts.
 */
export async function dashboardCharts({
  db,
  now,
  timeZone,
}: {
  db: Queryable;
  now: Date;
  timeZone: string;
}): Promise<Charts> {
  const today = zonedDate(now, timeZone);
  const first = addDays(today, -29);
  const start = cinemaDay(first, timeZone).start;
  const { start: todayStart, end: todayEnd } = cinemaDay(today, timeZone);

  const [perDay, occupancy, channels] = await Promise.all([
    db.execute(sql`
      select to_char(paid_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
        sum(cardinality(seats))::int as tickets, sum(amount_paise)::bigint as gross
      from bookings
      where status = 'paid' and paid_at >= ${start.toISOString()}::timestamptz
        and paid_at < ${todayEnd.toISOString()}::timestamptz
      group by 1`) as unknown as Promise<Rows<{ day: string; tickets: number; gross: string }>>,
    db.execute(sql`
      select s.id, s.starts_at, s.screen_name, s.total_seats, m.title,
        coalesce((select sum(cardinality(b.seats)) from bookings b where b.show_id = s.id and b.status = 'paid'), 0)::int as sold
      from shows s join movies m on m.id = s.movie_id
      where s.status = 'active' and s.starts_at >= ${todayStart.toISOString()}::timestamptz
        and s.starts_at < ${todayEnd.toISOString()}::timestamptz
      order by s.starts_at, s.screen_name`) as unknown as Promise<
      Rows<{
        id: string;
        starts_at: string | Date;
        screen_name: string;
        total_seats: number;
        title: string;
        sold: number;
      }>
    >,
    db.execute(sql`
      select case when complimentary then 'comps' else channel end as channel,
        sum(cardinality(seats))::int as tickets, sum(amount_paise)::bigint as gross
      from bookings
      where status = 'paid' and paid_at >= ${start.toISOString()}::timestamptz
        and paid_at < ${todayEnd.toISOString()}::timestamptz
      group by 1`) as unknown as Promise<Rows<{ channel: string; tickets: number; gross: string }>>,
  ]);

  const byDay = new Map(perDay.rows.map((r) => [r.day, r]));
  const salesByDay = Array.from({ length: 30 }, (_, i) => {
    const date = addDays(first, i);
    const r = byDay.get(date);
    return { date, tickets: Number(r?.tickets ?? 0), gross: paiseToRupees(Number(r?.gross ?? 0)) };
  });
  const channelOrder = ['online', 'counter', 'waitlist', 'comps'];
  const byChannel = new Map(channels.rows.map((r) => [r.channel, r]));
  return {
    today,
    salesByDay,
    occupancy: occupancy.rows.map((r) => {
      const startsAt = new Date(r.starts_at);
      return {
        showId: r.id,
        film: r.title,
        time: formatTimeOfDay(toZonedParts(startsAt, timeZone).minutes),
        screen: r.screen_name,
        sold: Number(r.sold),
        totalSeats: Number(r.total_seats),
      };
    }),
    revenueByChannel: channelOrder.map((channel) => {
      const r = byChannel.get(channel);
      return { channel, tickets: Number(r?.tickets ?? 0), gross: paiseToRupees(Number(r?.gross ?? 0)) };
    }),
  };
}
