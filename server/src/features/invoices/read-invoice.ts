import { paiseToRupees, zonedDate, type CreditNote, type Invoice, type InvoiceLine } from '@marquee/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, creditNotes, invoices, refunds, type DocumentLine } from '../../db/schema.ts';

/**
 * The current tax invoice of a booking (the latest issued) with the booking's credit notes, in rupees as
 * CONTRACT §10 shapes it; null while the booking has none (unpaid).
 */
export async function readInvoice({
  db,
  bookingId,
  timeZone,
}: {
  db: Queryable;
  bookingId: string;
  timeZone: string;
}): Promise<Invoice | null> {
  const [row] = await db
    .select({
      invoice: invoices,
      booking: { id: bookings.id, reference: bookings.reference, status: bookings.status },
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.serial))
    .limit(1);
  if (!row) return null;
  const { invoice, booking } = row;
  // Every note of the booking: after an exchange, the one that cancelled the invoice before (§13).
  const notes = await db
    .select({
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      totalPaise: creditNotes.totalPaise,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.serial));
  return {
    number: invoice.number,
    date: zonedDate(invoice.issuedAt, timeZone),
    ...partiesOf(invoice),
    lines: invoice.lines.map(lineInRupees),
    totals: totalsInRupees(invoice),
    creditNotes: notes.map((n) => ({
      number: n.number,
      date: zonedDate(n.issuedAt, timeZone),
      total: paiseToRupees(n.totalPaise),
    })),
    booking: { _id: booking.id, reference: booking.reference, status: booking.status },
  };
}

/** A document's line as answers give it: amounts in rupees. */
function lineInRupees(line: DocumentLine): InvoiceLine {
  return {
    description: line.description,
    sac: line.sac,
    quantity: line.quantity,
    unitPrice: paiseToRupees(line.unitPrice),
    rate: line.rate,
    taxableValue: paiseToRupees(line.taxableValue),
    cgst: paiseToRupees(line.cgst),
    sgst: paiseToRupees(line.sgst),
    total: paiseToRupees(line.total),
  };
}

function totalsInRupees(document: {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}) {
  return {
    taxableValue: paiseToRupees(document.taxablePaise),
    cgst: paiseToRupees(document.cgstPaise),
    sgst: paiseToRupees(document.sgstPaise),
    total: paiseToRupees(document.totalPaise),
  };
}

/** A note with no refund is the one that cancelled an exchanged booking's invoice (CONTRACT §13). */
export const EXCHANGE_NOTE_REASON = 'Exchanged: this invoice was replaced by a new one';

/**
 * Every credit note of a booking as a document of its own, oldest first: its lines and totals,
 * the invoice it reduces with that invoice's date, and why it was issued.
 */
export async function readCreditNotes({
  db,
  bookingId,
  timeZone,
}: {
  db: Queryable;
  bookingId: string;
  timeZone: string;
}): Promise<CreditNote[]> {
  const rows = await db
    .select({ note: creditNotes, invoice: invoices, reason: refunds.reason })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .leftJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.serial));
  return rows.map(({ note, invoice, reason }) => ({
    ...partiesOf(invoice),
    number: note.number,
    date: zonedDate(note.issuedAt, timeZone),
    invoiceNumber: invoice.number,
    invoiceDate: zonedDate(invoice.issuedAt, timeZone),
    reason: reason ?? EXCHANGE_NOTE_REASON,
    lines: note.lines.map(lineInRupees),
    totals: totalsInRupees(note),
  }));
}

/** The seller and buyer as an invoice names them (and so each credit note against it). */
function partiesOf(invoice: typeof invoices.$inferSelect): Pick<Invoice, 'seller' | 'buyer'> {
  return {
    seller: {
      name: invoice.seller.name,
      legalName: invoice.seller.legalName,
      address: invoice.seller.address,
      gstin: invoice.seller.gstin,
      stateCode: invoice.seller.stateCode,
    },
    buyer: { name: invoice.buyerName, gstin: invoice.buyerGstin },
  };
}
