import { paiseToRupees, zonedDate } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import { csvRow } from '../../lib/csv.ts';
import { periodWindow, type TaxPeriod } from './gst-report.ts';

interface RegisterRow {
  kind: 'invoice' | 'credit-note';
  number: string;
  issued_at: string | Date;
  document_total: string | number;
  reference: string;
  buyer_name: string;
  buyer_gstin: string | null;
  place: string;
  against: string | null;
  against_issued_at: string | Date | null;
  sac: string;
  rate: number;
  taxable: string | number;
  cgst: string | number;
  sgst: string | number;
  total: string | number;
}

const kindNames = { invoice: 'Invoice', 'credit-note': 'Credit note' } as const;

/**
 * The invoice register for the days `from` to `to` of the cinema's calendar, as a CSV file: every
 * tax invoice and credit note issued on those days, in the order they were issued, one line per
 * document and SAC × rate, with what GSTR-1 asks of each: B2B (the buyer gave a GSTIN) or B2C, the
 * document's whole value on each of its lines, the place of supply (an admission or a meal is
 * supplied where the cinema is: the seller's state code as the invoice printed it), no reverse
 * charge, and for a credit note the invoice it reduces with that invoice's date. Figures are the
 * documents' own, summed in paise and written in rupees; a credit note's are positive, its type
 * saying they go the other way. The GST report's totals per rate are these lines' sums, invoices
 * less credit notes.
 */
export async function gstRegisterCsv(period: TaxPeriod): Promise<string> {
  const { db, timeZone } = period;
  const { start, end } = periodWindow(period);
  const result = await db.execute(sql`
    with documents as (
      select 'invoice' as kind, i.number, i.issued_at, i.total_paise as document_total, i.booking_id,
        i.buyer_name, i.buyer_gstin, i.seller ->> 'stateCode' as place, null::text as against,
        null::timestamptz as against_issued_at, i.lines
      from invoices i
      where i.issued_at >= ${start}::timestamptz and i.issued_at < ${end}::timestamptz
      union all
      select 'credit-note', c.number, c.issued_at, c.total_paise, i.booking_id,
        i.buyer_name, i.buyer_gstin, i.seller ->> 'stateCode', i.number, i.issued_at, c.lines
      from credit_notes c join invoices i on i.id = c.invoice_id
      where c.issued_at >= ${start}::timestamptz and c.issued_at < ${end}::timestamptz
    )
    select d.kind, d.number, d.issued_at, d.document_total, b.reference, d.buyer_name, d.buyer_gstin,
      d.place, d.against, d.against_issued_at,
      l.value ->> 'sac' as sac, (l.value ->> 'rate')::float8 as rate,
      sum((l.value ->> 'taxableValue')::bigint) as taxable,
      sum((l.value ->> 'cgst')::bigint) as cgst,
      sum((l.value ->> 'sgst')::bigint) as sgst,
      sum((l.value ->> 'total')::bigint) as total
    from documents d
      join bookings b on b.id = d.booking_id
      cross join jsonb_array_elements(d.lines) l
    group by d.kind, d.number, d.issued_at, d.document_total, b.reference, d.buyer_name, d.buyer_gstin,
      d.place, d.against, d.against_issued_at, 11, 12
    order by d.issued_at, d.number, 11, 12`);
  const rows = (result as unknown as { rows: RegisterRow[] }).rows;
  const rupees = (paise: string | number) => paiseToRupees(Number(paise)).toFixed(2);
  const day = (instant: string | Date | null) => (instant ? zonedDate(new Date(instant), timeZone) : '');
  let body = csvRow([
    'Type',
    'Supply Type',
    'Number',
    `Date (${timeZone})`,
    'Document Value (INR)',
    'Booking Reference',
    'Buyer',
    'Buyer GSTIN',
    'Place of Supply',
    'Reverse Charge',
    'Against Invoice',
    'Against Invoice Date',
    'SAC',
    'Rate (%)',
    'Taxable Value (INR)',
    'CGST (INR)',
    'SGST (INR)',
    'Total (INR)',
  ]);
  for (const row of rows) {
    body += csvRow([
      kindNames[row.kind],
      row.buyer_gstin ? 'B2B' : 'B2C',
      row.number,
      day(row.issued_at),
      rupees(row.document_total),
      row.reference,
      row.buyer_name,
      row.buyer_gstin ?? '',
      row.place ?? '',
      'N',
      row.against ?? '',
      day(row.against_issued_at),
      row.sac,
      Number(row.rate),
      rupees(row.taxable),
      rupees(row.cgst),
      rupees(row.sgst),
      rupees(row.total),
    ]);
  }
  return body;
}
