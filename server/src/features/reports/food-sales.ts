import type { Queryable } from '../../db/client.ts';

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
 * §12, §14), one line per product, GST at each line's own rate through shared/src/gst.ts.
 *
 * The food feature's `booking_items` table is not on main yet: until it is, nothing is sold and
 * this answers no lines. Wiring it is this one query — per product (name, unit price, tax rate) of
 * the paid bookings of those shows: sum(quantity); then each booking line taxed with
 * taxLine(quantity × unit price, rate) as its invoice line is, and summed. Counter sales without a
 * show belong to the day they were paid.
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
  void db;
  void start;
  void end;
  return [];
}
