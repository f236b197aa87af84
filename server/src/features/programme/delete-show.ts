import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, shows } from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { lockShow } from './show-rules.ts';

/**
 * Deletes a show that nobody ever booked; any booking, in any state, keeps it (cancel instead).
 * The audit row is written in the same transaction as the delete.
 */
export async function deleteShow({
  db,
  showId,
  actorId,
}: {
  db: Db;
  showId: string;
  actorId: string | null;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShow(tx, showId);
    const [{ value }] = (await tx
      .select({ value: count() })
      .from(bookings)
      .where(eq(bookings.showId, showId))) as [{ value: number }];
    if (Number(value) > 0)
      throw conflict('This show has bookings, so it cannot be deleted. Cancel the show instead.');
    await tx.delete(shows).where(eq(shows.id, showId));
    await recordAudit(tx, { actorId, action: 'show.delete', entityType: 'show', entityId: showId });
  });
}
