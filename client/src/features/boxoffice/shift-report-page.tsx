import { formatDateTime, formatPaise, rupeesToPaise } from '@marquee/shared';
import { Printer } from 'lucide-react';
import { buttonClassName } from '../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../lib/cinema-config.ts';
import { useShift } from './boxoffice-api.ts';

const printStyles = `
@media print {
  @page { size: 80mm auto; margin: 3mm 4mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .marquee-cashup, .marquee-cashup * { visibility: visible !important; color: #000 !important; background: #fff !important; }
  .marquee-cashup { position: absolute; inset: 0 auto auto 0; width: 72mm; margin: 0; padding: 0; border: 0 !important; font-size: 9pt; }
  .marquee-cashup-actions { display: none !important; }
}`;

/** /boxoffice/shifts/{id}: a shift's cash-up, ready to print on the counter's printer. */
export function ShiftReportPage({ shiftId }: { shiftId: string }) {
  const timeZone = useCinemaTimeZone();
  const query = useShift(shiftId);
  if (query.isError) {
    return (
      <div className="mx-auto max-w-md p-6">
        <p role="alert">{query.error.message}</p>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto max-w-md p-6">
        <p role="status">Loading the cash-up…</p>
      </div>
    );
  }
  const s = query.data.shift;
  const rupees = (value: number) => formatPaise(rupeesToPaise(value));
  const rows: [string, string][] = [
    ['Opening float', rupees(s.openingFloat)],
    ['Cash sales', rupees(s.cashSales)],
    ['Card sales', rupees(s.cardSales)],
    ['UPI sales', rupees(s.upiSales)],
    ['Cash refunds', rupees(s.cashRefunds)],
    ['Card refunds', rupees(s.cardRefunds)],
    ['UPI refunds', rupees(s.upiRefunds)],
    ['Expected cash', rupees(s.expectedCash)],
    ['Counted cash', s.countedCash === null ? 'open' : rupees(s.countedCash)],
    ['Variance', s.variance === null ? 'open' : rupees(s.variance)],
    ['Tickets', String(s.tickets)],
    ['Comps', String(s.comps)],
    ['Items', String(s.items)],
  ];
  return (
    <div className="mx-auto max-w-sm p-4">
      <style>{printStyles}</style>
      <div className="marquee-cashup-actions mb-3">
        <button type="button" className={buttonClassName()} onClick={() => window.print()} autoFocus>
          <Printer aria-hidden className="size-4" /> Print
        </button>
      </div>
      <article
        aria-labelledby="cashup-heading"
        className="marquee-cashup w-[72mm] rounded-lg border border-zinc-300 bg-white p-3 font-mono text-xs text-black"
      >
        <h1 id="cashup-heading" className="text-center text-sm font-bold">
          Cash-up · {s.user.name}
        </h1>
        <p className="text-center">
          {formatDateTime(s.openedAt, timeZone)} –{' '}
          {s.closedAt ? formatDateTime(s.closedAt, timeZone) : 'open'}
        </p>
        <table className="mt-2 w-full">
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="text-left font-normal">
                  {label}
                </th>
                <td className="text-right" data-testid={`cashup-${label.toLowerCase().replace(/ /g, '-')}`}>
                  {value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </article>
    </div>
  );
}
