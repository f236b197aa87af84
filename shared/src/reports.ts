import { z } from 'zod';
import { FROM_AFTER_TO, instant, isoDateParam, isoDateText, ok, uuid } from './api.ts';

/**
 * The collection reports (CONTRACT §14): the daily report of the shows that play on a day, the
 * films report of a period with what the cinema owes each film's distributor, and the dashboard's
 * charts. Amounts are rupees in answers, paise inside.
 */

const day = isoDateParam;
const format = z.enum(['json', 'csv'], { message: 'format is json or csv' }).optional();

export const dailyReportQuery = z.object({ date: day('date'), format });
export type DailyReportQuery = z.infer<typeof dailyReportQuery>;

/** At most a year and a day: a report reads a period, not the whole history at once. */
export const MAX_REPORT_DAYS = 366;
/** A report's period: `from` to `to`, days of the cinema's calendar, in order and within MAX_REPORT_DAYS. */
function withinPeriod<T extends { from: string; to: string }>(schema: z.ZodType<T>) {
  return schema
    .refine((q) => q.from <= q.to, { message: FROM_AFTER_TO })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_REPORT_DAYS, {
      message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    });
}
/** A report of a period, answered as JSON or CSV: the films report and the GST report. */
export const periodReportQuery = withinPeriod(z.object({ from: day('from'), to: day('to'), format }));
export const filmsReportQuery = periodReportQuery;
export type FilmsReportQuery = z.infer<typeof filmsReportQuery>;
/** The invoice register's period (GET /api/admin/reports/gst/register, a CSV file only). */
export const reportPeriodQuery = withinPeriod(z.object({ from: day('from'), to: day('to') }));

const money = z.number().meta({ description: 'Rupees' });

/** Admissions by channel and their money. `tickets` = online + counter + comps. */
const ticketFigures = {
  online: z.number().int().meta({ description: 'Paid tickets sold online (waiting-list offers included)' }),
  counter: z.number().int().meta({ description: 'Paid tickets sold at the box office' }),
  comps: z.number().int().meta({ description: 'Complimentary admissions, at ₹0' }),
  tickets: z.number().int(),
  gross: money.meta({ description: 'Rupees taken, GST included' }),
  gst: money,
  net: money.meta({ description: 'Gross − GST' }),
};
const ticketFiguresSchema = z.object(ticketFigures);
export type TicketFigures = z.infer<typeof ticketFiguresSchema>;

const moneyFigures = { gross: money, gst: money, net: money };

export const dailyReportShowSchema = z.object({
  showId: uuid,
  film: z.string(),
  screen: z.string(),
  time: z.string().meta({ examples: ['6:30 PM'] }),
  startsAt: instant,
  status: z.string().meta({ description: 'active or cancelled' }),
  classes: z.array(
    z.object({
      class: z.string(),
      price: money.meta({ description: 'The class price per ticket' }),
      ...ticketFigures,
    }),
  ),
  totals: ticketFiguresSchema,
});
export type DailyReportShow = z.infer<typeof dailyReportShowSchema>;

export const foodReportLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  ...moneyFigures,
});

export const dailyReportResponse = ok({
  date: isoDateText,
  shows: z.array(dailyReportShowSchema),
  food: z.object({
    lines: z.array(foodReportLineSchema),
    totals: z.object({ quantity: z.number().int(), ...moneyFigures }),
  }),
  totals: z.object({
    tickets: ticketFiguresSchema,
    food: z.object(moneyFigures),
    ...moneyFigures,
  }),
});
export type DailyReportResponse = z.infer<typeof dailyReportResponse>;
export type DailyReport = Omit<DailyReportResponse, 'success' | 'message'>;

export const filmReportLineSchema = z.object({
  movieId: uuid,
  film: z.string(),
  shows: z.number().int().meta({ description: 'Shows played in the period (cancelled ones left out)' }),
  admissions: z.number().int().meta({ description: 'Paid tickets and comps' }),
  ...moneyFigures,
  distributorSharePercent: z.number(),
  distributorShare: money.meta({
    description: 'distributorSharePercent of net, rounded down to the paisa: owed to the distributor',
  }),
});
export const filmsReportResponse = ok({
  from: isoDateText,
  to: isoDateText,
  films: z.array(filmReportLineSchema),
  totals: z.object({
    shows: z.number().int(),
    admissions: z.number().int(),
    ...moneyFigures,
    distributorShare: money,
  }),
});
export type FilmsReportResponse = z.infer<typeof filmsReportResponse>;
export type FilmsReport = Omit<FilmsReportResponse, 'success' | 'message'>;

/**
 * What the cinema owes a distributor: `percent` (0–100, two decimals) of `netPaise`, rounded down
 * to the paisa (the cinema never pays a fraction it does not owe). Exact integer arithmetic.
 */
export function distributorSharePaise(netPaise: number, percent: number): number {
  const hundredths = BigInt(Math.round(percent * 100));
  const share = (BigInt(netPaise) * hundredths) / 10000n;
  return Number(share);
}

/** GET /api/admin/reports/charts: the dashboard's three charts (CONTRACT §14). */
export const dashboardChartsResponse = ok({
  today: isoDateText,
  salesByDay: z.array(
    z.object({ date: isoDateText, tickets: z.number().int(), gross: money }).meta({
      description: 'Paid bookings by the day they were paid, the last 30 days, today last',
    }),
  ),
  occupancy: z.array(
    z.object({
      showId: uuid,
      film: z.string(),
      time: z.string(),
      screen: z.string(),
      sold: z.number().int().meta({ description: 'Seats of paid bookings (comps included)' }),
      totalSeats: z.number().int(),
    }),
  ),
  revenueByChannel: z.array(
    z.object({
      channel: z.string(),
      tickets: z.number().int(),
      gross: money,
    }),
  ),
});
export type DashboardChartsResponse = z.infer<typeof dashboardChartsResponse>;
