import {
  financialYear,
  formatDateTime,
  formatDocumentNumber,
  FOOD_SAC,
  heldSlabs,
  itemLines,
  itemsTotal,
  scaleLinePrices,
  seatClassOf,
  taxLine,
  ticketLines,
} from '@marquee/shared';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, creditNotes, invoices, movies, shows, users, type DocumentLine } from '../../db/schema.ts';
import { itemsOfBookings, itemTaxLines } from '../food/index.ts';
import { readSettings } from '../settings/index.ts';

/** The series of documents numbered without gaps, each with its own counter per financial year. */
export type DocumentSeries = 'invoice' | 'credit-note';
export const CREDIT_NOTE_PREFIX = 'CN';

/**
 * Claims the next serial of a series in the financial year, in the caller's transaction.
 *
 * A counter row, not a sequence: the upsert locks the row until the transaction ends, so
 * concurrent issuers (on any process) take turns, and a transaction that rolls back undoes its
 * increment, so no serial is ever skipped or repeated. Callers take it last, after every other
 * lock of their transaction (decision 0009's order), so the wait is only for others' commits.
 */
export async function claimSerial(tx: Queryable, series: DocumentSeries, year: string): Promise<number> {
  const rows = await tx.execute(sql`
    insert into document_counters (series, financial_year, last_serial) values (${series}, ${year}, 1)
    on conflict (series, financial_year)
      do update set last_serial = document_counters.last_serial + 1
    returning last_serial`);
  const [row] = (rows as unknown as { rows: { last_serial: number }[] }).rows;
  return Number(row!.last_serial);
}

function documentLine(description: string, sac: string, price: number, rate: number): DocumentLine {
  const taxed = taxLine(price, rate);
  return {
    description,
    sac,
    quantity: 1,
    unitPrice: price,
    rate,
    taxableValue: taxed.taxableValue,
    cgst: taxed.cgst,
    sgst: taxed.sgst,
    total: price,
  };
}

function totalsOf(lines: DocumentLine[]) {
  return {
    taxablePaise: lines.reduce((s, l) => s + l.taxableValue, 0),
    cgstPaise: lines.reduce((s, l) => s + l.cgst, 0),
    sgstPaise: lines.reduce((s, l) => s + l.sgst, 0),
    totalPaise: lines.reduce((s, l) => s + l.total, 0),
  };
}

/**
 * Issues the tax invoice of a booking that has just become paid, in the transaction that marked
 * it paid (CONTRACT §10): one line per ticket at the rate of the slab its price falls in, one per
 * product of its food and drink (its quantity, at the rate it was sold at; §12), the
 * slabs being those in force when the hold was made (bookings.tax_rates). The seller is copied
 * from the settings in force now. Answers the invoice number. A payment already invoiced keeps
 * its invoice.
 */
export async function issueInvoice(
  tx: Queryable,
  {
    bookingId,
    paymentId,
    now,
    buyerName,
  }: {
    bookingId: string;
    paymentId: string | null;
    now: Date;
    /** The buyer as printed, when not the booking's account (a counter sale's customer). */
    buyerName?: string;
  },
): Promise<string> {
  if (paymentId) {
    const [existing] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.paymentId, paymentId));
    if (existing) return existing.number;
  }
  const settings = await readSettings(tx);
  const [row] = await tx
    .select({ booking: bookings, show: shows, title: movies.title, buyerName: users.name })
    .from(bookings)
    // No show: food and drink sold on its own at the counter (only item lines).
    .leftJoin(shows, eq(shows.id, bookings.showId))
    .leftJoin(movies, eq(movies.id, shows.movieId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} not found for its invoice`);
  const { booking, show } = row;
  if (!show && booking.seats.length) throw new Error(`booking ${bookingId} has seats but no show`);

  const when = show ? formatDateTime(show.startsAt.toISOString(), settings.timeZone) : '';
  // Food and drink (CONTRACT §12): one line per product, its quantity at its own rate, as sold.
  const food = itemLines(itemTaxLines((await itemsOfBookings(tx, [bookingId])).get(bookingId) ?? []));
  const lines = [
    ...ticketLines({
      seats: booking.seats,
      seatPrice: (seat) => (show ? show.prices[seatClassOf(show.layout, seat) ?? ''] : undefined),
      amountPaise: booking.amountPaise - itemsTotal(food),
      slabs: heldSlabs(booking.taxRates, settings.tax.ticketSlabs),
    }).map((line) =>
      documentLine(
        `Admission: ${row.title}, ${when}, seat ${line.seat}`,
        settings.cinema.sac,
        line.price,
        line.rate,
      ),
    ),
    ...food.map((item) => ({
      ...documentLine(item.name, FOOD_SAC, item.price, item.rate),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
  ];

  const year = financialYear(now, settings.timeZone);
  const serial = await claimSerial(tx, 'invoice', year);
  const number = formatDocumentNumber(settings.tax.invoicePrefix, year, serial);
  await tx.insert(invoices).values({
    id: randomUUID(),
    number,
    financialYear: year,
    serial,
    bookingId,
    paymentId,
    issuedAt: now,
    seller: {
      name: settings.cinema.name,
      legalName: settings.cinema.legalName || settings.cinema.name,
      address: settings.cinema.address,
      gstin: settings.cinema.gstin,
      stateCode: settings.cinema.stateCode,
    },
    // A business buyer as registered with its GSTIN; else the counter's customer or the account.
    buyerName: (booking.buyerGstin && booking.buyerLegalName) || buyerName || row.buyerName,
    buyerGstin: booking.buyerGstin,
    lines,
    ...totalsOf(lines),
  });
  return number;
}

/**
 * Issues the credit note of a refund, in the transaction that records it (CONTRACT §10), when
 * the refunded payment was invoiced: the lines of the booking's current invoice (after an
 * exchange, the one issued for it; §13) scaled to the amount refunded (each line's share rounded
 * down to the paisa, the remainder on the last line) and taxed by the same rule. A refund of a
 * payment that was never invoiced (late, duplicate, unmatched: nothing was supplied) has no credit
 * note. Answers the note's number, or null.
 */
export async function issueCreditNote(
  tx: Queryable,
  {
    refundId,
    paymentId,
    amountPaise,
    now,
  }: { refundId: string; paymentId: string; amountPaise: number; now: Date },
): Promise<string | null> {
  const [invoiced] = await tx
    .select({ bookingId: invoices.bookingId })
    .from(invoices)
    .where(eq(invoices.paymentId, paymentId));
  if (!invoiced) return null;
  const invoice = await currentInvoice(tx, invoiced.bookingId);
  return invoice ? creditInvoice(tx, { invoice, refundId, amountPaise, now }) : null;
}

/**
 * Cancels a booking's current invoice by a credit note for all of it not yet credited, when the
 * booking is exchanged (CONTRACT §13: a new invoice follows for what it is now). No refund is
 * tied to it: the money that moves is the difference, which the new invoice accounts for.
 */
export async function cancelInvoice(tx: Queryable, { bookingId, now }: { bookingId: string; now: Date }) {
  const invoice = await currentInvoice(tx, bookingId);
  if (!invoice) throw new Error(`booking ${bookingId} has no invoice to cancel`);
  return creditInvoice(tx, { invoice, refundId: null, amountPaise: invoice.totalPaise, now });
}

/** The invoice that stands for a booking: the latest issued (GET …/invoice answers it). */
async function currentInvoice(tx: Queryable, bookingId: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.serial))
    .limit(1);
  return invoice;
}

async function creditInvoice(
  tx: Queryable,
  {
    invoice,
    refundId,
    amountPaise,
    now,
  }: { invoice: typeof invoices.$inferSelect; refundId: string | null; amountPaise: number; now: Date },
): Promise<string | null> {
  const [credited] = await tx
    .select({ total: sql<number>`coalesce(sum(${creditNotes.totalPaise}), 0)`.mapWith(Number) })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id));
  const refund = Math.min(amountPaise, invoice.totalPaise - (credited?.total ?? 0));
  if (refund <= 0) return null;
  const shares = scaleLinePrices(
    invoice.lines.map((l) => l.total),
    refund,
  );
  const lines = invoice.lines.map((l, i) => ({
    ...documentLine(l.description, l.sac, shares[i]!, l.rate),
    quantity: l.quantity,
    unitPrice: l.quantity > 0 ? Math.floor(shares[i]! / l.quantity) : shares[i]!,
  }));
  const settings = await readSettings(tx);
  const year = financialYear(now, settings.timeZone);
  const serial = await claimSerial(tx, 'credit-note', year);
  const number = formatDocumentNumber(CREDIT_NOTE_PREFIX, year, serial);
  await tx.insert(creditNotes).values({
    id: randomUUID(),
    number,
    financialYear: year,
    serial,
    invoiceId: invoice.id,
    refundId,
    issuedAt: now,
    lines,
    ...totalsOf(lines),
  });
  return number;
}
