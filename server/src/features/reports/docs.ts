import {
  dailyReportQuery,
  dailyReportResponse,
  dashboardChartsResponse,
  filmsReportQuery,
  filmsReportResponse,
} from '@marquee/shared';
import { routeSchema } from '../../plugins/openapi.ts';

/** The report routes as /api/openapi.json describes them (CONTRACT §14). */
export const reportDocs = {
  daily: routeSchema({
    tags: ['Admin'],
    summary: 'The daily collection report: per show and class, food and drink, the day’s totals',
    description:
      'Paid bookings of the shows that play on `date` (cinema calendar); a cancelled or refunded booking counts nowhere, comps are admissions at ₹0. `&format=csv` answers the same figures as a CSV file.',
    auth: 'admin',
    querystring: dailyReportQuery,
    ok: dailyReportResponse,
  }),
  films: routeSchema({
    tags: ['Admin'],
    summary: 'The films report: per film shows, admissions, gross, GST, net and the distributor’s share',
    description:
      'For the shows that play from `from` to `to` (cinema calendar). The share is the film’s `distributorSharePercent` of its net, rounded down to the paisa. `&format=csv` answers the same figures as a CSV file.',
    auth: 'admin',
    querystring: filmsReportQuery,
    ok: filmsReportResponse,
  }),
  charts: routeSchema({
    tags: ['Admin'],
    summary:
      'The dashboard’s charts: sales per day (30 days), today’s occupancy per show, revenue by channel',
    auth: 'admin',
    ok: dashboardChartsResponse,
  }),
};
