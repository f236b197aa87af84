import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, bookingSeats, shows, waitlistEntries } from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { lockShow } from './show-rules.ts';

export const deleteMessages = {
  booked: 'This show has bookings, so it cannot be deleted. Cancel the show instead.',
  waiting:
    'People have joined the waiting list for this show, so it cannot be deleted. Cancel the show instead.',
};

/**
 * Deletes a show that nobody ever booked or waited for; any booking, in any state, keeps it
 * (cancel instead), and so does a booking exchanged to another show, whose old claims still name
 * this one, and any waiting-list entry: records are kept, and a cancel tells the people waiting.
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
    // The show's lock (FOR UPDATE) waits for every hold, sale and join under way on it.
    await lockShow(tx, showId);
    if ((await names(tx, bookings, showId)) || (await names(tx, bookingSeats, showId)))
      throw conflict(deleteMessages.booked);
    if (await names(tx, waitlistEntries, showId)) throw conflict(deleteMessages.waiting);
    await tx.delete(shows).where(eq(shows.id, showId));
    await recordAudit(tx, { actorId, action: 'show.delete', entityType: 'show', entityId: showId });
  });
}

/** Whether any row of `table` names the show. */
async function names(
  tx: Tx,
  table: typeof bookings | typeof bookingSeats | typeof waitlistEntries,
  showId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(table)
    .where(eq(table.showId, showId))
    .limit(1);
  return rows.length > 0;
}
