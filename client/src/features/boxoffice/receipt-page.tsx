import {
  formatDate,
  formatDateTime,
  formatPaise,
  rupeesToPaise,
  type CounterBookingResponse,
  type InvoiceLine,
} from '@marquee/shared';
import { Printer } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../components/ui/button.ts';
import { fallbackTimeZone, useCinemaConfig } from '../../lib/cinema-config.ts';
import { useInvoice } from '../invoices/api/get-invoice.ts';
import { useTicket } from '../tickets/api/get-ticket.ts';
import { findByReference } from './boxoffice-api.ts';

// On paper: an 80 mm roll (72 mm printable), black on white, nothing but the receipt.
const printStyles = `
@media print {
  @page { size: 80mm auto; margin: 3mm 4mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .marquee-receipt, .marquee-receipt * { visibility: visible !important; color: #000 !important;
    background: #fff !important; border-color: #000 !important; box-shadow: none !important; }
  .marquee-receipt { position: absolute; inset: 0 auto auto 0; width: 72mm; margin: 0; padding: 0;
    border: 0 !important; font-size: 9pt; }
  .marquee-receipt-actions { display: none !important; }
}`;

const rupees = (value: number) => formatPaise(rupeesToPaise(value));

/** A ticket's invoice line reads by its seat on the roll ('Admission: …, seat D5' → 'Seat D5'). */
const lineName = (line: InvoiceLine) => {
  const seat = /^Admission: .*, seat (\S+)$/.exec(line.description);
  return seat ? `Seat ${seat[1]}` : line.description;
};

/** The invoice's tax by rate, as a tax invoice shows it: each rate's taxable value, CGST and SGST. */
function taxByRate(lines: InvoiceLine[]) {
  const rates = new Map<number, { taxable: number; cgst: number; sgst: number }>();
  for (const line of lines) {
    const sum = rates.get(line.rate) ?? { taxable: 0, cgst: 0, sgst: 0 };
    sum.taxable += rupeesToPaise(line.taxableValue);
    sum.cgst += rupeesToPaise(line.cgst);
    sum.sgst += rupeesToPaise(line.sgst);
    rates.set(line.rate, sum);
  }
  return [...rates].sort(([a], [b]) => b - a);
}

/**
 * /boxoffice/receipts/{bookingId}: the ticket and receipt of a sale for an 80 mm printer — the
 * cinema, the film and seats, the QR code the door scans, the amount with its GST, and how it was
 * paid. The QR code is drawn by the ticket's own component, given by the app layer.
 */
export function ReceiptPage({
  bookingId,
  renderQr,
}: {
  bookingId: string;
  renderQr: (code: string, label: string) => ReactNode;
}) {
  const config = useCinemaConfig();
  const invoice = useInvoice(bookingId);
  // The sale by its booking id (staff): its items, how it was paid, and whether it has a show.
  const sale = useQuery({
    queryKey: ['boxoffice', 'booking', bookingId],
    queryFn: () => findByReference(bookingId),
  });
  // Food and drink sold on its own has no show, so no ticket to admit anyone.
  const hasTicket = sale.data ? sale.data.booking.show !== null : false;
  const ticket = useTicket(bookingId, { enabled: hasTicket });
  const failed = sale.error ?? (hasTicket ? ticket.error : null);
  if (failed) {
    return (
      <div className="mx-auto max-w-md p-6">
        <p role="alert">{failed.message}</p>
      </div>
    );
  }
  if (!sale.data || (hasTicket && !ticket.data) || (invoice.isPending && !invoice.isError)) {
    return (
      <div className="mx-auto max-w-md p-6">
        <p role="status">Loading the receipt…</p>
      </div>
    );
  }
  const t = hasTicket ? ticket.data?.ticket : undefined;
  const inv = invoice.data?.invoice;
  const { booking, sale: counter } = sale.data as CounterBookingResponse;
  const cinema = config.data?.cinema;
  return (
    <div className="mx-auto max-w-sm p-4">
      <style>{printStyles}</style>
      <div className="marquee-receipt-actions mb-3 flex gap-2">
        <button type="button" className={buttonClassName()} onClick={() => window.print()} autoFocus>
          <Printer aria-hidden className="size-4" /> Print
        </button>
      </div>
      <article
        aria-labelledby="receipt-heading"
        className="marquee-receipt w-[72mm] rounded-lg border border-zinc-300 bg-white p-3 font-mono text-xs text-black"
        data-testid="receipt"
      >
        <header className="text-center">
          <h1 id="receipt-heading" className="text-sm font-bold">
            {inv?.seller.legalName || cinema?.name || config.data?.cinemaName}
          </h1>
          {(inv?.seller.address || cinema?.address) && <p>{inv?.seller.address || cinema?.address}</p>}
          {cinema?.phone && <p>Tel {cinema.phone}</p>}
          {inv?.seller.gstin && <p>GSTIN {inv.seller.gstin}</p>}
        </header>
        <hr className="my-2 border-dashed border-black" />
        {t ? (
          <>
            <p className="text-sm font-bold">{t.movie}</p>
            <p>
              {formatDate(t.showDate)} · {t.showTime} · {t.screen}
            </p>
            <p className="text-sm font-bold">Seats {t.seats.join(', ')}</p>
          </>
        ) : (
          <p className="text-sm font-bold">Food &amp; drinks</p>
        )}
        {!inv && booking.items.length > 0 && (
          <ul aria-label="Items" className="mt-1" data-testid="receipt-items">
            {booking.items.map((item) => (
              <li key={item.productId} className="flex justify-between gap-2">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span>{formatPaise(rupeesToPaise(item.price) * item.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
        {t && (
          <div className="my-2 flex justify-center">
            {renderQr(t.code, `QR code for booking ${t.reference}`)}
          </div>
        )}
        <p className="text-center text-sm font-bold tracking-widest">{booking.reference}</p>
        <hr className="my-2 border-dashed border-black" />
        {inv ? (
          <>
            <p>
              Tax invoice {inv.number} · {formatDate(inv.date, 'long')}
            </p>
            {/* What was sold, line by line, each with its SAC and GST rate (prices include GST). */}
            <ul aria-label="Items" className="mt-1" data-testid="receipt-items">
              {inv.lines.map((line, i) => (
                <li key={i}>
                  <div className="flex justify-between gap-2">
                    <span>
                      {line.quantity > 1 ? `${line.quantity} × ` : ''}
                      {lineName(line)}
                    </span>
                    <span>{rupees(line.total)}</span>
                  </div>
                  <div className="pl-2 text-[10px]">
                    SAC {line.sac} · GST {line.rate}%
                    {line.quantity > 1 ? ` · ${rupees(line.unitPrice)} each` : ''}
                  </div>
                </li>
              ))}
            </ul>
            <table className="mt-1 w-full text-[10px]">
              <caption className="sr-only">GST by rate</caption>
              <thead>
                <tr>
                  <th scope="col" className="text-left font-normal">
                    GST
                  </th>
                  <th scope="col" className="text-right font-normal">
                    Taxable
                  </th>
                  <th scope="col" className="text-right font-normal">
                    CGST
                  </th>
                  <th scope="col" className="text-right font-normal">
                    SGST
                  </th>
                </tr>
              </thead>
              <tbody>
                {taxByRate(inv.lines).map(([rate, sum]) => (
                  <tr key={rate}>
                    <th scope="row" className="text-left font-normal">
                      {rate}%
                    </th>
                    <td className="text-right">{formatPaise(sum.taxable)}</td>
                    <td className="text-right">{formatPaise(sum.cgst)}</td>
                    <td className="text-right">{formatPaise(sum.sgst)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-1 grid grid-cols-2">
              <dt className="font-bold">Total</dt>
              <dd className="text-right font-bold" data-testid="receipt-total">
                {rupees(inv.totals.total)}
              </dd>
            </dl>
          </>
        ) : (
          <p className="font-bold">Complimentary · {rupees(booking?.amount ?? 0)}</p>
        )}
        {counter && counter.method !== 'comp' && (
          <dl className="mt-1 grid grid-cols-2">
            <dt>Paid by</dt>
            <dd className="text-right uppercase">{counter.method}</dd>
            {counter.tendered !== null && (
              <>
                <dt>Tendered</dt>
                <dd className="text-right">{rupees(counter.tendered)}</dd>
                <dt>Change</dt>
                <dd className="text-right">{rupees(counter.change ?? 0)}</dd>
              </>
            )}
            {counter.paymentReference && (
              <>
                <dt>Ref</dt>
                <dd className="text-right">{counter.paymentReference}</dd>
              </>
            )}
          </dl>
        )}
        {counter && (
          <p className="mt-2 text-center">
            Sold by {counter.seller.name} ·{' '}
            {formatDateTime(counter.soldAt, config.data?.timeZone ?? fallbackTimeZone, 'long')}
          </p>
        )}
        {booking?.status === 'cancelled' && <p className="mt-2 text-center font-bold">CANCELLED</p>}
        <p className="mt-2 text-center">
          {t ? 'Show this QR code at the door. Enjoy the show!' : 'Thank you!'}
        </p>
      </article>
    </div>
  );
}
