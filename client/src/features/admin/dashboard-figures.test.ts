import type { DashboardData } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { dashboardCards, recentActivity } from './dashboard-figures.ts';

const data: DashboardData = {
  activeShows: 12,
  totalBookings: 3,
  totalUser: 7,
  totalRevenue: 123456,
  totalMovies: 5,
  trends: { showsNext7Days: 10, bookingsLast7Days: 2, newUsersLast7Days: 1, revenueLast7Days: 1500.5 },
};

describe('dashboard figures', () => {
  it('show the four cards with their trend lines and Indian-format rupees', () => {
    expect(dashboardCards(data).map(({ title, value, trend }) => [title, value, trend])).toEqual([
      ['Active Shows', '12', '10 starting in the next 7 days'],
      ['Total Bookings', '3', '2 paid in the last 7 days'],
      ['Active Users', '7', '1 new account in the last 7 days'],
      ['Revenue', '₹1,23,456', '₹1,500.50 in the last 7 days'],
    ]);
  });

  it('list recent activity in the spec’s words', () => {
    expect(recentActivity(data)).toEqual([
      '12 active shows',
      '5 total movies available',
      'System Status Online',
    ]);
  });
});
