import { formatRupees, parseTimeOfDay, toZonedParts, zonedDate, type DailyReport } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/periodic.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { readSettings } from '../settings/index.ts';
import { dailyReportCsv } from './csv.ts';
import { dailyReport } from './daily-report.ts';

export type DailyEmailOutcome = 'off' | 'not-yet' | 'already-sent' | 'queued';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The email's words: the day's totals and each show's line; the full report as a CSV attachment. */
export function dailyReportEmail(cinema: string, report: DailyReport) {
  const t = report.totals;
  const lines = report.shows.map(
    (s) =>
      `${s.time} ${s.film} (${s.screen}): ${s.totals.tickets} admissions (${s.totals.online} online, ${s.totals.counter} counter, ${s.totals.comps} comps), gross ${formatRupees(s.totals.gross)}, GST ${formatRupees(s.totals.gst)}, net ${formatRupees(s.totals.net)}`,
  );
  const summary = [
    `Tickets: gross ${formatRupees(t.tickets.gross)}, GST ${formatRupees(t.tickets.gst)}, net ${formatRupees(t.tickets.net)}`,
    `Food and drink: gross ${formatRupees(t.food.gross)}, GST ${formatRupees(t.food.gst)}, net ${formatRupees(t.food.net)}`,
    `Day total: gross ${formatRupees(t.gross)}, GST ${formatRupees(t.gst)}, net ${formatRupees(t.net)}`,
  ];
  const subject = `${cinema}: daily report for ${report.date} — ${formatRupees(t.gross)}`;
  const text = [
    `Daily collection report for ${report.date}`,
    '',
    ...(lines.length ? lines : ['No shows on this day.']),
    '',
    ...summary,
    '',
    'The full report is attached as CSV.',
  ].join('\n');
  const html = `<h1>Daily collection report for ${escape(report.date)}</h1>
<ul>${(lines.length ? lines : ['No shows on this day.']).map((l) => `<li>${escape(l)}</li>`).join('')}</ul>
<p>${summary.map(escape).join('<br>')}</p><p>The full report is attached as CSV.</p>`;
  return { subject, text, html, csv: dailyReportCsv(report) };
}

/**
 * Queues the day's report email once `settings.reports.dailyEmail.at` has passed on the cinema's
 * clock (CONTRACT §14). Every process calls this; the day is claimed in the database by inserting
 * its row into report_email_days (primary key): whichever transaction inserts it first renders the
 * report and queues the email in the same transaction, every other finds the row and does nothing.
 * A rollback gives the claim back. A day whose time passed while no process ran is not sent later
 * than that day (the report is that day's).
 */
export async function queueDailyReportEmail({
  db,
  now,
  timeZone,
}: {
  db: Db;
  now: Date;
  timeZone: string;
}): Promise<DailyEmailOutcome> {
  const settings = await readSettings(db);
  const setting = settings.reports.dailyEmail;
  if (!setting) return 'off';
  const at = parseTimeOfDay(setting.at);
  if (at === null || toZonedParts(now, timeZone).minutes < at) return 'not-yet';
  const day = zonedDate(now, timeZone);
  return db.transaction(async (tx) => {
    const claimed = (await tx.execute(sql`
      insert into report_email_days (day, claimed_at) values (${day}::date, ${now.toISOString()}::timestamptz)
      on conflict (day) do nothing returning day`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) return 'already-sent' as const;
    const report = await dailyReport({
      db: tx,
      date: day,
      timeZone,
      fallbackSlabs: settings.tax.ticketSlabs,
    });
    const email = dailyReportEmail(settings.cinema.name, report);
    await enqueueEmail(tx, { kind: 'daily-report', date: day, to: setting.to, ...email });
    return 'queued' as const;
  });
}

/** Checks every `intervalMs` in this process whether the day's report email is due. */
export function startDailyReportEmailer(app: FastifyInstance, intervalMs: number): () => Promise<void> {
  const { db, clock, config } = app.deps;
  return runEvery(
    intervalMs,
    async () => {
      const outcome = await queueDailyReportEmail({ db, now: clock(), timeZone: config.CINEMA_TIMEZONE });
      if (outcome === 'queued') app.log.info('daily report email queued');
      else if (outcome === 'already-sent') app.log.debug('daily report email already queued today');
    },
    (error) => app.log.error({ err: error }, 'daily report email failed'),
  );
}
