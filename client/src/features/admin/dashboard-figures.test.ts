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
  sameDayLastWeek: {
    date: '2026-11-21',
    today: { shows: 4, bookings: 2, newUsers: 1, revenue: 1500.5 },
    lastWeek: { shows: 4, bookings: 5, newUsers: 0, revenue: 900 },
  },
};

describe('dashboard figures', () => {
  it('show the four cards, each against the same weekday last week, in Indian-format rupees', () => {
    expect(
      dashboardCards(data).map(({ title, value, trend, direction }) => [title, value, trend, direction]),
    ).toEqual([
      ['Active Shows', '12', '4 shows today, 4 last Saturday', 'same'],
      ['Total Bookings', '3', '2 paid today, 5 by this time last Saturday', 'down'],
      ['Active Users', '7', '1 new account today, 0 by this time last Saturday', 'up'],
      ['Revenue', '₹1,23,456', '₹1,500.50 today, ₹900 by this time last Saturday (+67%)', 'up'],
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
