import {
  dailyReportQuery,
  filmsReportQuery,
  type DailyReportResponse,
  type FilmsReportResponse,
} from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/parse.ts';
import { sendCsv } from '../../lib/csv.ts';
import { requireAdmin } from '../auth/index.ts';
import { readSettings } from '../settings/index.ts';
import { dashboardCharts } from './charts.ts';
import { dailyReportCsv, filmsReportCsv } from './csv.ts';
import { dailyReport } from './daily-report.ts';
import { reportDocs as docs } from './docs.ts';
import { filmsReport } from './films-report.ts';

/** The collection reports (CONTRACT §14): admins only. */
export async function reportRoutes(app: FastifyInstance) {
  const { db, config, clock } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

  app.get('/api/admin/reports/daily', { schema: docs.daily }, async (request, reply) => {
    await requireAdmin(request);
    const { date, format } = parseInput(dailyReportQuery, request.query ?? {});
    const settings = await readSettings(db);
    const report = await dailyReport({ db, date, timeZone, fallbackSlabs: settings.tax.ticketSlabs });
    if (format === 'csv') return sendCsv(reply, `marquee-daily-${date}.csv`, dailyReportCsv(report));
    const answer: DailyReportResponse = { success: true, message: 'Daily report', ...report };
    return answer;
  });

  app.get('/api/admin/reports/films', { schema: docs.films }, async (request, reply) => {
    await requireAdmin(request);
    const { from, to, format } = parseInput(filmsReportQuery, request.query ?? {});
    const settings = await readSettings(db);
    const report = await filmsReport({ db, from, to, timeZone, fallbackSlabs: settings.tax.ticketSlabs });
    if (format === 'csv') return sendCsv(reply, `marquee-films-${from}-to-${to}.csv`, filmsReportCsv(report));
    const answer: FilmsReportResponse = { success: true, message: 'Films report', ...report };
    return answer;
  });

  app.get('/api/admin/reports/charts', { schema: docs.charts }, async (request) => {
    await requireAdmin(request);
    return {
      success: true as const,
      message: 'Dashboard charts',
      ...(await dashboardCharts({ db, now: clock(), timeZone })),
    };
  });
}
