import { csvRow } from '../../lib/csv.ts';
import type { DailyReport, FilmsReport, TicketFigures } from '@marquee/shared';

// A cell a spreadsheet would run as a formula gets a leading apostrophe (a film titled "=…"
// stays text): csvRow, as every export.
const row = csvRow;
const rupees = (n: number) => n.toFixed(2);
const figures = (f: TicketFigures) => [
  f.online,
  f.counter,
  f.comps,
  f.tickets,
  rupees(f.gross),
  rupees(f.gst),
  rupees(f.net),
];

/** The daily report as CSV: a row per show and class, a total row per show, food, the day's totals. */
export function dailyReportCsv(report: DailyReport): string {
  let out = row(['Daily collection report', report.date]);
  out += row([
    'Film',
    'Screen',
    'Time',
    'Class',
    'Price',
    'Online',
    'Counter',
    'Comps',
    'Tickets',
    'Gross',
    'GST',
    'Net',
  ]);
  for (const show of report.shows) {
    for (const c of show.classes) {
      out += row([show.film, show.screen, show.time, c.class, rupees(c.price), ...figures(c)]);
    }
    out += row([show.film, show.screen, show.time, 'Show total', '', ...figures(show.totals)]);
  }
  out += row([]);
  out += row(['Food and drink', 'Quantity', 'Gross', 'GST', 'Net']);
  for (const l of report.food.lines) {
    out += row([l.name, l.quantity, rupees(l.gross), rupees(l.gst), rupees(l.net)]);
  }
  const food = report.food.totals;
  out += row(['Food total', food.quantity, rupees(food.gross), rupees(food.gst), rupees(food.net)]);
  out += row([]);
  out += row(['Day totals', 'Gross', 'GST', 'Net']);
  const t = report.totals;
  out += row(['Tickets', rupees(t.tickets.gross), rupees(t.tickets.gst), rupees(t.tickets.net)]);
  out += row(['Food and drink', rupees(t.food.gross), rupees(t.food.gst), rupees(t.food.net)]);
  out += row(['Total', rupees(t.gross), rupees(t.gst), rupees(t.net)]);
  return out;
}

/** The films report as CSV: a row per film and a total row. */
export function filmsReportCsv(report: FilmsReport): string {
  let out = row(['Films report', report.from, report.to]);
  out += row([
    'Film',
    'Shows',
    'Admissions',
    'Gross',
    'GST',
    'Net',
    'Distributor share (%)',
    'Distributor share',
  ]);
  for (const f of report.films) {
    out += row([
      f.film,
      f.shows,
      f.admissions,
      rupees(f.gross),
      rupees(f.gst),
      rupees(f.net),
      f.distributorSharePercent,
      rupees(f.distributorShare),
    ]);
  }
  const t = report.totals;
  out += row([
    'Total',
    t.shows,
    t.admissions,
    rupees(t.gross),
    rupees(t.gst),
    rupees(t.net),
    '',
    rupees(t.distributorShare),
  ]);
  return out;
}
