import type { Shift, ShiftTotals } from '@marquee/shared';
import { csvRow, csvTime } from '../../lib/csv.ts';

const rupees = (n: number | null) => (n === null ? '' : n.toFixed(2));

/** The money and units of a shift or of the total row, in the header's order. */
const figures = (f: Shift | ShiftTotals) => [
  rupees(f.openingFloat),
  rupees(f.cashSales),
  rupees(f.cardSales),
  rupees(f.upiSales),
  rupees(f.cashRefunds),
  rupees(f.cardRefunds),
  rupees(f.upiRefunds),
  rupees(f.expectedCash),
  rupees(f.countedCash),
  rupees(f.variance),
  f.tickets,
  f.comps,
  f.items,
];

/**
 * The shifts of a period for the accountant (GET /api/boxoffice/shifts?format=csv): one line a
 * shift, the same figures as the page, then the total line. Times on the cinema's clock; an open
 * shift has no close, count or variance yet.
 */
export function shiftsCsv({
  from,
  to,
  shifts,
  totals,
  timeZone,
}: {
  from: string;
  to: string;
  shifts: readonly Shift[];
  totals: ShiftTotals;
  timeZone: string;
}): string {
  let out = csvRow(['Shifts', from, to]);
  out += csvRow([
    'Cashier',
    `Opened (${timeZone})`,
    `Closed (${timeZone})`,
    'Float',
    'Cash sales',
    'Card sales',
    'UPI sales',
    'Cash refunds',
    'Card refunds',
    'UPI refunds',
    'Expected cash',
    'Counted cash',
    'Variance',
    'Tickets',
    'Comps',
    'Items',
  ]);
  for (const shift of shifts)
    out += csvRow([
      shift.user.name,
      csvTime(shift.openedAt, timeZone),
      csvTime(shift.closedAt, timeZone),
      ...figures(shift),
    ]);
  out += csvRow(['Total', '', '', ...figures(totals)]);
  return out;
}
