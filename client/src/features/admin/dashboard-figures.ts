import { formatRupees, type DashboardData } from '@marquee/shared';

export interface DashboardCard {
  key: 'activeShows' | 'totalBookings' | 'totalUser' | 'totalRevenue';
  title: string;
  value: string;
  trend: string;
  /** What the figure counts (docs/admin.md), shown under it. */
  help: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The four cards of spec §2, with trend lines built from what the last and next 7 days hold. */
export function dashboardCards(data: DashboardData): DashboardCard[] {
  const { trends } = data;
  return [
    {
      key: 'activeShows',
      title: 'Active Shows',
      value: String(data.activeShows),
      trend: `${trends.showsNext7Days} starting in the next 7 days`,
      help: 'Shows not cancelled that have not started yet, sold-out ones included.',
    },
    {
      key: 'totalBookings',
      title: 'Total Bookings',
      value: String(data.totalBookings),
      trend: `${trends.bookingsLast7Days} paid in the last 7 days`,
      help: 'Bookings paid for now; unpaid, expired and cancelled ones are not counted.',
    },
    {
      key: 'totalUser',
      title: 'Active Users',
      value: String(data.totalUser),
      trend: `${plural(trends.newUsersLast7Days, 'new account', 'new accounts')} in the last 7 days`,
      help: 'Accounts that signed in or booked within the last 30 days.',
    },
    {
      key: 'totalRevenue',
      title: 'Revenue',
      value: formatRupees(data.totalRevenue),
      trend: `${formatRupees(trends.revenueLast7Days)} in the last 7 days`,
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
