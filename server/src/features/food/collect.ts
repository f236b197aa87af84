import { foodMessages, formatTimeAt } from '@marquee/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookingItems, bookings } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

const stateWords: Record<string, string> = {
  pending: 'This booking is pending payment',
  cancelled: 'This booking was cancelled',
  expired: 'This booking has expired',
};

/**
 * Marks a paid booking's food and drink handed over (CONTRACT §12), once: one conditional UPDATE
 * (not yet collected, paid, with items), so two staff pressing at once cannot both hand them over;
 * the loser, and anyone after, is told when it happened. Check-in first is not needed.
 */
export async function collectItems({
  db,
  bookingId,
  staffId,
  now,
  timeZone,
}: {
  db: Queryable;
  bookingId: string;
  staffId: string;
  now: Date;
  timeZone: string;
}): Promise<void> {
  if (!isUuid(bookingId)) throw notFound('Booking not found');
  const hasItems = sql`exists (select 1 from ${bookingItems} where ${bookingItems.bookingId} = ${bookings.id})`;
  const updated = await db
    .update(bookings)
    .set({ itemsCollectedAt: now, itemsCollectedBy: staffId })
    .where(
      and(
        eq(bookings.id, bookingId),
        isNull(bookings.itemsCollectedAt),
        eq(bookings.status, 'paid'),
        hasItems,
      ),
    )
    .returning({ id: bookings.id });
  if (updated.length) return;
  const [booking] = await db
    .select({
      status: bookings.status,
      collectedAt: bookings.itemsCollectedAt,
      hasItems: sql<boolean>`${hasItems}`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw notFound('Booking not found');
  if (booking.collectedAt)
    throw conflict(foodMessages.alreadyCollected(formatTimeAt(booking.collectedAt.toISOString(), timeZone)));
  if (booking.status !== 'paid')
    throw conflict(stateWords[booking.status] ?? `This booking is ${booking.status}`);
  throw conflict(foodMessages.noItems);
}
