import { paiseToRupees, type CounterSale } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
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

/** A booking's id by its reference, as people type it (any case, spaces and dashes ignored). */
export async function bookingIdByReference(db: Queryable, reference: string): Promise<string | null> {
  const typed = reference.replace(/[\s-]+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(typed)) return null;
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, typed));
  return row?.id ?? null;
}

/**
 * Rupees a counter sale is owed and not yet paid back across the counter (a show the cinema
 * cancelled records the refund; a cashier pays it out), or null.
 */
export async function refundOwedAtCounter(db: Queryable, bookingId: string): Promise<number | null> {
  const [row] = await db
    .select({ amountPaise: refunds.amountPaise })
    .from(refunds)
    .innerJoin(counterSales, eq(counterSales.paymentId, refunds.paymentId))
    .where(and(eq(counterSales.bookingId, bookingId), eq(refunds.status, 'pending')));
  return row ? paiseToRupees(row.amountPaise) : null;
}
