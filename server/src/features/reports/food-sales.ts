import { taxLine } from '@marquee/shared';
import { and, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookingItems, bookings, shows } from '../../db/schema.ts';

/** One product's sales for the shows of a period, in paise. */
export interface FoodLine {
  name: string;
  quantity: number;
  /** GST included. */
  gross: number;
  gst: number;
}

/**
 * The food and drink sold with the paid bookings of the shows starting in [start, end) (CONTRACT
 * §12, §14), and on its own at the counter (no show) paid in [start, end), one line per product name. Each booking's line is taxed as its invoice line is
 * (taxLine of quantity × unit price at the line's own rate, shared/src/gst.ts) and then summed, so
 * the report equals the invoices to the paisa. A booking cancelled or refunded counts nowhere.
 */
export async function foodSales({
  db,
  start,
  end,
}: {
  db: Queryable;
  start: Date;
  end: Date;
}): Promise<FoodLine[]> {
  const rows = await db
    .select({
      name: bookingItems.name,
      quantity: bookingItems.quantity,
      unitPricePaise: bookingItems.unitPricePaise,
      taxRate: bookingItems.taxRate,
    })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .leftJoin(shows, eq(shows.id, bookings.showId))
    .where(
      and(
        eq(bookings.status, 'paid'),
        or(
          and(gte(shows.startsAt, start), lt(shows.startsAt, end)),
          // Sold on its own at the counter (no show): counted on the day it was paid.
          and(isNull(bookings.showId), gte(bookings.paidAt, start), lt(bookings.paidAt, end)),
        ),
      ),
    );
  const byName = new Map<string, FoodLine>();
  for (const row of rows) {
    const line = taxLine(row.quantity * row.unitPricePaise, row.taxRate);
    const total = byName.get(row.name) ?? { name: row.name, quantity: 0, gross: 0, gst: 0 };
    total.quantity += row.quantity;
    total.gross += line.price;
    total.gst += line.cgst + line.sgst;
    byName.set(row.name, total);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
