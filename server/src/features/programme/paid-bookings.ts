import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';

/**
 * The paid bookings of a show, in id order: the buyers a change of its time or screen must reach
 * (CONTRACT §6), and what the edit dialog counts before the change is saved.
 */
export async function paidBookingIds(db: Queryable, showId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.showId, showId), eq(bookings.status, 'paid')))
    .orderBy(asc(bookings.id));
  return rows.map((row) => row.id);
}
