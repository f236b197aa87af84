import { formatDate, formatRupees, type CreditNote, type Invoice, type InvoiceLine } from '@marquee/shared';
import { Printer, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { useCreditNotes, useInvoice } from '../api/get-invoice.ts';

// On paper: the invoice alone on one A4 page, black on white whatever the theme; each credit note
// after it on a page of its own.
const printStyles = `
@media print {
  @page { size: A4; margin: 12mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .marquee-documents { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .marquee-invoice, .marquee-invoice * { visibility: visible !important; color: #000 !important;
    background: #fff !important; border-color: #000 !important; box-shadow: none !important; }
  .marquee-invoice { border: 0 !important; border-radius: 0 !important; width: 100%; max-width: none; margin: 0;
    padding: 0; font-size: 10pt; break-inside: avoid; }
  .marquee-invoice + .marquee-invoice { break-before: page; }
  .marquee-invoice-actions { display: none !important; }
}`;

const documentClassName =
  'marquee-invoice mx-auto my-6 max-w-3xl rounded-2xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100';

const cell = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums';
const head = 'px-2 py-1.5 text-right font-semibold';
const figureHeads = ['SAC', 'Qty', 'Rate', 'Taxable value', 'CGST', 'SGST', 'Total'];

function Party({ title, of, children }: { title: string; of?: string; children: React.ReactNode }) {
  return (
    // Named apart on each credit note, so every region of the page has a name of its own.
    <section aria-label={of ? `${title} (${of})` : title} className="text-sm">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {title}
      </h2>
      <div className="mt-1 space-y-0.5">{children}</div>
    </section>
  );
}

/** A document's lines and totals (an invoice's, or a credit note's), amounts in rupees. */
function DocumentLines({
  caption,
  lines,
  totals,
  testId,
}: {
  caption: string;
  lines: InvoiceLine[];
  totals: Invoice['totals'];
  testId: string;
}) {
  return (
    <div className="py-4">
      <p className="pb-1 text-xs text-zinc-600 sm:hidden dark:text-zinc-400">
        Scroll the table sideways to see every column.
      </p>
      {/* On a phone the figures scroll sideways; the keyboard scrolls them too. */}
      <ScrollTable
        caption={caption}
        frameClassName="rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
        tableClassName="w-full border-collapse text-sm"
      >
        <thead>
          <tr className="border-b border-zinc-300 dark:border-zinc-700">
            <th scope="col" className="px-2 py-1.5 text-left font-semibold">
              Description
            </th>
            {figureHeads.map((name) => (
              <th key={name} scope="col" className={head}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className="border-b border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="px-2 py-1.5 text-left font-normal">
                {line.description}
              </th>
              <td className={cell}>{line.sac}</td>
              <td className={cell}>{line.quantity}</td>
              <td className={cell}>{line.rate} %</td>
              <td className={cell}>{formatRupees(line.taxableValue)}</td>
              <td className={cell}>{formatRupees(line.cgst)}</td>
              <td className={cell}>{formatRupees(line.sgst)}</td>
              <td className={cell}>{formatRupees(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-zinc-400 font-semibold dark:border-zinc-600">
            <th scope="row" colSpan={4} className="px-2 py-1.5 text-left">
              Total (GST included)
            </th>
            <td className={cell}>{formatRupees(totals.taxableValue)}</td>
            <td className={cell}>{formatRupees(totals.cgst)}</td>
            <td className={cell}>{formatRupees(totals.sgst)}</td>
            <td className={cell} data-testid={testId}>
              {formatRupees(totals.total)}
            </td>
          </tr>
        </tfoot>
      </ScrollTable>
      {/* On a phone the total row's own figure is off to the side: said once more, in sight. */}
      <p className="pt-2 text-right text-sm font-semibold sm:hidden">
        Total (GST included): {formatRupees(totals.total)}
      </p>
    </div>
  );
}

/** Who supplies and who receives, as the invoice names them (and each credit note against it). */
function Parties({ seller, buyer, of }: Pick<Invoice, 'seller' | 'buyer'> & { of?: string }) {
  return (
    <div className="grid gap-4 border-b border-zinc-200 py-4 sm:grid-cols-2 dark:border-zinc-800">
      <Party title="Supplier" of={of}>
        <p className="font-semibold">{seller.legalName}</p>
        {seller.address && <p>{seller.address}</p>}
        <p>GSTIN: {seller.gstin || 'not registered'}</p>
        {seller.stateCode && <p>State code: {seller.stateCode}</p>}
      </Party>
      <Party title="Recipient" of={of}>
        <p className="font-semibold">{buyer.name}</p>
        {buyer.gstin && <p>GSTIN: {buyer.gstin}</p>}
        <p>Place of supply: {seller.stateCode || 'the cinema’s state'}</p>
      </Party>
    </div>
  );
}

/**
 * The booking's credit notes, each with the invoice it reduces once the notes are read: after an
 * exchange, the note that cancelled the invoice before this one is listed here too (CONTRACT §13).
 */
function InvoiceDocument({ invoice, notes }: { invoice: Invoice; notes: CreditNote[] | undefined }) {
  const reduces = new Map(notes?.map((note) => [note.number, note.invoiceNumber]));
  const { seller, buyer, totals } = invoice;
  return (
    <article aria-labelledby="invoice-heading" className={documentClassName}>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <div>
          <h1 id="invoice-heading" className="text-2xl font-bold">
            Tax invoice
          </h1>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{seller.name}</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Invoice no.</dt>
          <dd className="font-mono font-semibold" data-testid="invoice-number">
            {invoice.number}
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Date</dt>
          <dd>{formatDate(invoice.date, 'long')}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Booking</dt>
          <dd className="font-mono">{invoice.booking.reference}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Invoice value</dt>
          <dd className="font-semibold tabular-nums">{formatRupees(totals.total)}</dd>
        </dl>
      </header>

      <Parties seller={seller} buyer={buyer} />

      <DocumentLines
        caption={`Lines of invoice ${invoice.number}, amounts in rupees`}
        lines={invoice.lines}
        totals={totals}
        testId="invoice-total"
      />

      {invoice.creditNotes.length > 0 && (
        <section
          aria-labelledby="credit-notes-heading"
          className="border-t border-zinc-200 pt-4 dark:border-zinc-800"
        >
          <h2 id="credit-notes-heading" className="text-sm font-semibold">
            Credit notes of this booking
          </h2>
          <ul className="mt-1 text-sm">
            {invoice.creditNotes.map((note) => {
              const against = reduces.get(note.number);
              return (
                <li key={note.number}>
                  <a className="font-mono underline" href={`#${note.number}`}>
                    {note.number}
                  </a>{' '}
                  of {formatDate(note.date, 'long')}: {formatRupees(note.total)} credited
                  {against &&
                    (against === invoice.number ? (
                      ' against this invoice'
                    ) : (
                      <>
                        {' '}
                        against invoice <span className="font-mono">{against}</span>
                      </>
                    ))}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
        Prices include GST. Intra-state supply: CGST and SGST. This is a computer-generated invoice.
      </p>

      <div className="marquee-invoice-actions mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={() => window.print()} className={buttonClassName('primary')}>
          <Printer aria-hidden className="size-4" />
          Print
        </button>
        <Link to="/mybookings" className={buttonClassName('secondary')}>
          My Bookings
        </Link>
      </div>
    </article>
  );
}

/** A credit note as its own document, after the invoice: on paper, a page of its own. */
function CreditNoteDocument({ note, reference }: { note: CreditNote; reference: string }) {
  const headingId = `heading-${note.number}`;
  return (
    <article id={note.number} aria-labelledby={headingId} className={documentClassName}>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <div>
          <h2 id={headingId} className="text-2xl font-bold">
            Credit note
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{note.seller.name}</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Credit note no.</dt>
          <dd className="font-mono font-semibold">{note.number}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Date</dt>
          <dd>{formatDate(note.date, 'long')}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Against invoice</dt>
          <dd>
            <span className="font-mono">{note.invoiceNumber}</span> of {formatDate(note.invoiceDate, 'long')}
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Booking</dt>
          <dd className="font-mono">{reference}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Credit value</dt>
          <dd className="font-semibold tabular-nums">{formatRupees(note.totals.total)}</dd>
        </dl>
      </header>
      <Parties seller={note.seller} buyer={note.buyer} of={`credit note ${note.number}`} />
      <p className="pt-4 text-sm">
        <span className="font-semibold">Reason:</span> {note.reason}
      </p>
      <DocumentLines
        caption={`Lines of credit note ${note.number}, amounts in rupees`}
        lines={note.lines}
        totals={note.totals}
        testId={`credit-note-total-${note.number}`}
      />
      <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
        The taxable value, CGST and SGST above are reduced from the invoice&apos;s. This is a
        computer-generated credit note.
      </p>
    </article>
  );
}

/** /invoices/{bookingId}: the tax invoice, ready to print on one A4 page (CONTRACT §10). */
export function InvoicePage({ bookingId }: { bookingId: string }) {
  const query = useInvoice(bookingId);
  const notes = useCreditNotes(bookingId, Boolean(query.data?.invoice.creditNotes.length));
  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        Loading the invoice…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md py-16 text-center">
        <TriangleAlert aria-hidden className="mx-auto mb-3 size-8 text-amber-600" />
        <h1 className="text-xl font-bold">No invoice to show</h1>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">{query.error.message}</p>
        <Link to="/mybookings" className={buttonClassName('secondary', 'mt-6')}>
          My Bookings
        </Link>
      </div>
    );
  }
  const { invoice } = query.data;
  return (
    <>
      <title>{`Invoice ${invoice.number}`}</title>
      <style>{printStyles}</style>
      <div className="marquee-documents">
        <InvoiceDocument invoice={invoice} notes={notes.data?.creditNotes} />
        {notes.data?.creditNotes.map((note) => (
          <CreditNoteDocument key={note.number} note={note} reference={invoice.booking.reference} />
        ))}
      </div>
      {notes.isError && (
        <p role="alert" className="mx-auto max-w-3xl text-sm text-red-700 dark:text-red-400">
          {notes.error.message}
        </p>
      )}
    </>
  );
}
