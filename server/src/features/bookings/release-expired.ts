import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, bookingSeats, payments } from '../../db/schema.ts';
import type { GatewayName, GatewayPayment } from '../payments/gateway.ts';
import { notifySeatChange } from '../seats/seat-map-cache.ts';

/**
 * Marks pending bookings whose payment window has closed as expired and frees their seats.
 * Conditional on `status = 'pending'`, so two sweeps (or a sweep and a hold) racing over the
 * same booking expire it once. Returns the shows whose seats changed.
 */
export async function releaseExpiredHolds({
  db,
  now,
  showId,
}: {
  db: Queryable;
  now: Date;
  showId?: string;
}): Promise<{ bookingIds: string[]; showIds: string[]; openCheckouts: GatewayPayment[] }> {
  const expired = await db
    .update(bookings)
    .set({ status: 'expired', expiredAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.status, 'pending'),
        lte(bookings.expiresAt, now),
        showId ? eq(bookings.showId, showId) : undefined,
      ),
    )
    .returning({ id: bookings.id, showId: bookings.showId });
  if (!expired.length) return { bookingIds: [], showIds: [], openCheckouts: [] };
  const bookingIds = expired.map((row) => row.id);
  await db.update(bookingSeats).set({ isLive: false }).where(inArray(bookingSeats.bookingId, bookingIds));
  const open = await db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'open')))
    .returning({ gateway: payments.gateway, ref: payments.gatewayRef });
  const showIds = [...new Set(expired.map((row) => row.showId))];
  for (const id of showIds) await notifySeatChange(db, id);
  const openCheckouts = open.map((payment) => ({
    gateway: payment.gateway as GatewayName,
    ref: payment.ref,
  }));
  return { bookingIds, showIds, openCheckouts };
}
