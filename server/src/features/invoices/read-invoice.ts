import { paiseToRupees, zonedDate, type Invoice } from '@marquee/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, creditNotes, invoices } from '../../db/schema.ts';

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
  const rupees = paiseToRupees;
  return {
    number: invoice.number,
    date: zonedDate(invoice.issuedAt, timeZone),
    seller: {
      name: invoice.seller.name,
      legalName: invoice.seller.legalName,
      address: invoice.seller.address,
      gstin: invoice.seller.gstin,
      stateCode: invoice.seller.stateCode,
    },
    buyer: { name: invoice.buyerName, gstin: invoice.buyerGstin },
    lines: invoice.lines.map((l) => ({
      description: l.description,
      sac: l.sac,
      quantity: l.quantity,
      unitPrice: rupees(l.unitPrice),
      rate: l.rate,
      taxableValue: rupees(l.taxableValue),
      cgst: rupees(l.cgst),
      sgst: rupees(l.sgst),
      total: rupees(l.total),
    })),
    totals: {
      taxableValue: rupees(invoice.taxablePaise),
      cgst: rupees(invoice.cgstPaise),
      sgst: rupees(invoice.sgstPaise),
      total: rupees(invoice.totalPaise),
    },
    creditNotes: notes.map((n) => ({
      number: n.number,
      date: zonedDate(n.issuedAt, timeZone),
      total: rupees(n.totalPaise),
    })),
    booking: { _id: booking.id, reference: booking.reference, status: booking.status },
  };
}
