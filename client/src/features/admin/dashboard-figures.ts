import { formatDate, formatRupees, type DashboardData } from '@marquee/shared';
import { changeText } from './chart-scale.ts';

export interface DashboardCard {
  key: 'activeShows' | 'totalBookings' | 'totalUser' | 'totalRevenue';
  title: string;
  value: string;
  /** Today against the same weekday last week, in words. */
  trend: string;
  /** Which way today compares, for the line's colour and arrow (the words say it too). */
  direction: 'up' | 'down' | 'same';
  /** What the figure counts (docs/admin.md), shown under it. */
  help: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const direction = (today: number, then: number) => (today > then ? 'up' : today < then ? 'down' : 'same');

/** 'Saturday' for '2026-11-21': the weekday of the app's long date form. */
function weekdayOf(date: string): string {
  return formatDate(date, 'long').split(',')[0]!;
}

/**
 * The four cards of spec §2. Each trend line sets today against the same weekday last week: the
 * day's shows whole, the rest so far today against last week up to the same time of day.
 */
export function dashboardCards(data: DashboardData): DashboardCard[] {
  const { today, lastWeek, date } = data.sameDayLastWeek;
  const byNow = `by this time last ${weekdayOf(date)}`;
  return [
    {
      key: 'activeShows',
      title: 'Active Shows',
      value: String(data.activeShows),
      trend: `${plural(today.shows, 'show', 'shows')} today, ${lastWeek.shows} last ${weekdayOf(date)}`,
      direction: direction(today.shows, lastWeek.shows),
      help: 'Shows not cancelled that have not started yet, sold-out ones included.',
    },
    {
      key: 'totalBookings',
      title: 'Total Bookings',
      value: String(data.totalBookings),
      trend: `${today.bookings} paid today, ${lastWeek.bookings} ${byNow}`,
      direction: direction(today.bookings, lastWeek.bookings),
      help: 'Bookings paid for now; unpaid, expired and cancelled ones are not counted.',
    },
    {
      key: 'totalUser',
      title: 'Active Users',
      value: String(data.totalUser),
      trend: `${plural(today.newUsers, 'new account', 'new accounts')} today, ${lastWeek.newUsers} ${byNow}`,
      direction: direction(today.newUsers, lastWeek.newUsers),
      help: 'Accounts that signed in or booked within the last 30 days.',
    },
    {
      key: 'totalRevenue',
      title: 'Revenue',
      value: formatRupees(data.totalRevenue),
      trend: `${formatRupees(today.revenue)} today, ${formatRupees(lastWeek.revenue)} ${byNow} (${changeText(today.revenue, lastWeek.revenue)})`,
      direction: direction(today.revenue, lastWeek.revenue),
      help: 'Money from bookings paid for now, GST included; refunds of cancelled bookings are taken out.',
    },
  ];
}

/** Spec §2 Recent Activity. */
export function recentActivity(data: DashboardData): string[] {
  return [
    `${data.activeShows} active shows`,
    `${data.totalMovies} total movies available`,
    'System Status Online',
  ];
}
