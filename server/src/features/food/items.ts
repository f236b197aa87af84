import { foodMessages, paiseToRupees, type BookingItem } from '@marquee/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pgError } from '../../db/client.ts';
import { bookingItems } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/** One product and how many of it, as a buyer or the counter asks (shared itemsRequestSchema). */
export interface ItemRequest {
  productId: string;
  quantity: number;
}

/** 409 `Only {n} {name} left`: not enough stock; nothing of the request was taken. */
export class OutOfStockError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/**
 * Items as the claim takes them: the same product twice becomes one line (quantities added, still
 * 1–10); a product id that is not a uuid names no product (400). Quantities were checked by the
 * shared schema.
 */
export function validateItems(items: readonly ItemRequest[] | undefined): ItemRequest[] {
  const merged = new Map<string, number>();
  for (const item of items ?? []) {
    if (!isUuid(item.productId)) throw badRequest(foodMessages.unknownProduct);
    const id = item.productId.toLowerCase();
    merged.set(id, (merged.get(id) ?? 0) + item.quantity);
  }
  const lines = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
  if (lines.some((line) => line.quantity < 1 || line.quantity > 10)) throw badRequest(foodMessages.quantity);
  return lines.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/** The jsonb the database's claim takes (db/sql/marquee_claim_items.sql), or null for none. */
export function itemsJson(items: readonly ItemRequest[] | undefined): string | null {
  return items?.length ? JSON.stringify(items) : null;
}

/**
 * Takes items from stock for a booking already inserted in `tx` (the counter's sale; the online
 * hold does the same inside marquee_hold_seats): one call of marquee_claim_items, products locked
 * and claimed in id order. Answers the items' total in paise; a refusal throws (400 for an
 * unknown or retired product, 409 `Only {n} {name} left`) and the caller's transaction must roll
 * back, which undoes every claim of the request.
 */
export async function claimItems(
  tx: Queryable,
  { bookingId, items, now }: { bookingId: string; items: readonly ItemRequest[]; now: Date },
): Promise<number> {
  const lines = validateItems(items);
  if (!lines.length) return 0;
  try {
    const rows = await tx.execute(
      sql`select marquee_claim_items(${bookingId}::uuid, ${itemsJson(lines)}::jsonb, ${now.toISOString()}::timestamptz) as total`,
    );
    return Number((rows as unknown as { rows: { total: number }[] }).rows[0]!.total);
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** The AppError a refusal raised by marquee_claim_items stands for (SQLSTATE MQ400, MQ409). */
export function refusalOf(error: unknown): AppError | undefined {
  const found = pgError(error);
  if (found?.code === 'MQ409') return new OutOfStockError(found.message ?? 'Sold out');
  if (found?.code === 'MQ400') return badRequest(found.message ?? foodMessages.unknownProduct);
  return undefined;
}

/** A booking's items as stored: priced and taxed as sold. */
export type BookingItemRow = typeof bookingItems.$inferSelect;

/** The items of each booking, by product id. */
export async function itemsOfBookings(
  db: Queryable,
  bookingIds: string[],
): Promise<Map<string, BookingItemRow[]>> {
  const byBooking = new Map<string, BookingItemRow[]>();
  if (!bookingIds.length) return byBooking;
  const rows = await db
    .select()
    .from(bookingItems)
    .where(inArray(bookingItems.bookingId, bookingIds))
    .orderBy(asc(bookingItems.bookingId), asc(bookingItems.name), asc(bookingItems.productId));
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? [];
    list.push(row);
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}

/** Items as a booking answer carries them (price: rupees per unit). */
export function toBookingItem(row: BookingItemRow): BookingItem {
  return {
    productId: row.productId,
    name: row.name,
    quantity: row.quantity,
    price: paiseToRupees(row.unitPricePaise),
  };
}

/** The items' lines for the GST arithmetic (shared/src/gst.ts itemLines). */
export function itemTaxLines(rows: readonly BookingItemRow[]) {
  return rows.map((row) => ({
    name: row.name,
    quantity: row.quantity,
    unitPrice: row.unitPricePaise,
    rate: row.taxRate,
  }));
}
