import { paiseToRupees, type CounterSale } from '@marquee/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { bookings, counterSales, refunds, users } from '../../db/schema.ts';

/** How a booking was sold at the counter (rupees), or null for a booking sold online. */
export async function counterSaleOf(db: Queryable, bookingId: string): Promise<CounterSale | null> {
  const [row] = await db
    .select({ sale: counterSales, sellerName: users.name })
    .from(counterSales)
    .innerJoin(users, eq(users.id, counterSales.sellerId))
    .where(eq(counterSales.bookingId, bookingId));
  if (!row) return null;
  const { sale } = row;
  const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
  return {
    method: sale.method,
    amount: paiseToRupees(sale.amountPaise),
    tendered: rupees(sale.tenderedPaise),
    change: rupees(sale.changePaise),
    paymentReference: sale.paymentReference,
    customer: { name: sale.customerName, phone: sale.customerPhone, email: sale.customerEmail },
    seller: { _id: sale.sellerId, name: row.sellerName },
    shiftId: sale.shiftId,
    soldAt: sale.createdAt.toISOString(),
  };
}

/** How many bookings a mobile-number search lists, newest first. */
export const PHONE_SEARCH_LIMIT = 20;

/**
 * The bookings a mobile number (as kept, +91…) finds at the counter, newest first: those of the
 * account that carries it, and counter sales whose customer gave it.
 */
export async function bookingIdsByPhone(db: Queryable, phone: string): Promise<string[]> {
  const [online, counter] = await Promise.all([
    db
      .select({ id: bookings.id, createdAt: bookings.createdAt })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      // A counter sale's account is its seller's: a cashier's own number finds none of their sales.
      .where(and(eq(users.phone, phone), ne(bookings.channel, 'counter')))
      .orderBy(desc(bookings.createdAt))
      .limit(PHONE_SEARCH_LIMIT),
    db
      .select({ id: counterSales.bookingId, createdAt: counterSales.createdAt })
      .from(counterSales)
      .where(eq(counterSales.customerPhone, phone))
      .orderBy(desc(counterSales.createdAt))
      .limit(PHONE_SEARCH_LIMIT),
  ]);
  const newestFirst = [...online, ...counter].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return [...new Set(newestFirst.map((row) => row.id))].slice(0, PHONE_SEARCH_LIMIT);
}

/** A booking's id by its reference, as people type it (any case, spaces and dashes ignored). */
export async function bookingIdByReference(db: Queryable, reference: string): Promise<string | null> {
  // The receipt page names a sale by its booking id (a sale of food alone has no ticket to read).
  if (isUuid(reference.trim())) {
    const [row] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, reference.trim()));
    return row?.id ?? null;
  }
  const typed = reference.replace(/[\s-]+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(typed)) return null;
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, typed));
  return row?.id ?? null;
}

/**
 * The refund a counter sale's payment is owed and not yet paid back: a show the cinema cancelled
 * records it pending, the refund worker leaves counter refunds alone, and a cashier pays it out
 * across the counter (refund-at-counter.ts, which reads it with `lock` in its transaction).
 */
export async function owedAtCounter(
  db: Queryable,
  paymentId: string,
  lock = false,
): Promise<{ id: string; amountPaise: number } | undefined> {
  const query = (db as Db)
    .select({ id: refunds.id, amountPaise: refunds.amountPaise })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')));
  const [owed] = lock ? await query.for('update') : await query;
  return owed;
}

/** Rupees a counter sale is owed and not yet paid back across the counter (`owedAtCounter`), or null. */
export async function refundOwedAtCounter(db: Queryable, bookingId: string): Promise<number | null> {
  const [sale] = await db
    .select({ paymentId: counterSales.paymentId })
    .from(counterSales)
    .where(eq(counterSales.bookingId, bookingId));
  const owed = sale?.paymentId ? await owedAtCounter(db, sale.paymentId) : undefined;
  return owed ? paiseToRupees(owed.amountPaise) : null;
}
