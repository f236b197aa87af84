import { csvRow } from '../../lib/csv.ts';
import { cinemaDay, paiseToRupees, type GstReportResponse } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

type Figures = Omit<GstReportResponse['totals'], never>;
interface Sums {
  invoices: number;
  creditNotes: number;
  taxable: number;
  cgst: number;
  sgst: number;
  total: number;
}

/** The days `from` to `to` of the cinema's calendar that a tax report or register reads. */
export interface TaxPeriod {
  db: Queryable;
  from: string;
  to: string;
  timeZone: string;
}

/** The period as instants: from its first day's midnight to the end of its last, on the cinema's calendar. */
export function periodWindow({ from, to, timeZone }: TaxPeriod): { start: string; end: string } {
  return {
    start: cinemaDay(from, timeZone).start.toISOString(),
    end: cinemaDay(to, timeZone).end.toISOString(),
  };
}

/**
 * The GST report (CONTRACT §10) for the days `from` to `to` of the cinema's calendar: per rate,
 * the invoice lines issued on those days less the credit-note lines issued on them, and how many
 * documents of each kind have a line at that rate. Summed in paise, answered in rupees.
 */
export async function gstReport(period: TaxPeriod): Promise<Pick<GstReportResponse, 'rates' | 'totals'>> {
  const { db } = period;
  const { start, end } = periodWindow(period);
  const result = await db.execute(sql`
    with lines as (
      select 1 as sign, i.id, l.value as line from invoices i, jsonb_array_elements(i.lines) l
      where i.issued_at >= ${start}::timestamptz and i.issued_at < ${end}::timestamptz
      union all
      select -1, c.id, l.value from credit_notes c, jsonb_array_elements(c.lines) l
      where c.issued_at >= ${start}::timestamptz and c.issued_at < ${end}::timestamptz
    )
    select (line ->> 'rate')::float8 as rate,
      count(distinct id) filter (where sign = 1)::int as invoices,
      count(distinct id) filter (where sign = -1)::int as credit_notes,
      sum(sign * (line ->> 'taxableValue')::bigint)::bigint as taxable,
      sum(sign * (line ->> 'cgst')::bigint)::bigint as cgst,
      sum(sign * (line ->> 'sgst')::bigint)::bigint as sgst,
      sum(sign * (line ->> 'total')::bigint)::bigint as total
    from lines group by 1 order by 1`);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows.map((r) => ({
    rate: Number(r.rate),
    invoices: Number(r.invoices),
    creditNotes: Number(r.credit_notes),
    taxable: Number(r.taxable),
    cgst: Number(r.cgst),
    sgst: Number(r.sgst),
    total: Number(r.total),
  }));
  const [docs] = (
    (await db.execute(sql`
    select
      (select count(*) from invoices where issued_at >= ${start}::timestamptz and issued_at < ${end}::timestamptz)::int as invoices,
      (select count(*) from credit_notes where issued_at >= ${start}::timestamptz and issued_at < ${end}::timestamptz)::int as credit_notes`)) as unknown as {
      rows: { invoices: number; credit_notes: number }[];
    }
  ).rows;
  const rupees = (s: Sums): Figures => ({
    invoices: s.invoices,
    creditNotes: s.creditNotes,
    taxableValue: paiseToRupees(s.taxable),
    cgst: paiseToRupees(s.cgst),
    sgst: paiseToRupees(s.sgst),
    total: paiseToRupees(s.total),
  });
  const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'total') => rows.reduce((a, r) => a + r[key], 0);
  return {
    rates: rows.map((r) => ({ rate: r.rate, ...rupees(r) })),
    totals: rupees({
      invoices: Number(docs?.invoices ?? 0),
      creditNotes: Number(docs?.credit_notes ?? 0),
      taxable: sum('taxable'),
      cgst: sum('cgst'),
      sgst: sum('sgst'),
      total: sum('total'),
    }),
  };
}

/** The report as CSV: one row per rate and a total row, the same figures. */
export function gstReportCsv(report: Pick<GstReportResponse, 'rates' | 'totals'>): string {
  const row = csvRow;
  const figures = (f: Figures) => [
    f.invoices,
    f.creditNotes,
    f.taxableValue.toFixed(2),
    f.cgst.toFixed(2),
    f.sgst.toFixed(2),
    f.total.toFixed(2),
  ];
  return (
    row(['Rate (%)', 'Invoices', 'Credit notes', 'Taxable value', 'CGST', 'SGST', 'Total']) +
    report.rates.map((r) => row([r.rate, ...figures(r)])).join('') +
    row(['Total', ...figures(report.totals)])
  );
}
