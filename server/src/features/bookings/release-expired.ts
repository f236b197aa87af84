import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { GatewayPayment } from '../payments/index.ts';

export interface Released {
  bookingIds: string[];
  showIds: string[];
  openCheckouts: GatewayPayment[];
}

/**
 * Marks pending bookings whose payment window has closed as expired and frees their seats: one
 * call of marquee_release_lapsed (db/sql/marquee_release_lapsed.sql), the same function the hold uses on its show,
 * so "a lapsed hold is released" is written once. Rows another transaction holds are skipped and
 * settled by that transaction; the triggers tell every seat map.
 */
export async function releaseExpiredHolds({
  db,
  now,
  showId,
}: {
  db: Queryable;
  now: Date;
  showId?: string;
}): Promise<Released> {
  const rows = await db.execute(
    sql`select marquee_release_lapsed(${now.toISOString()}::timestamptz, ${showId ?? null}::uuid) as result`,
  );
  const raw = (rows as unknown as { rows: { result: unknown }[] }).rows[0]!.result;
  const result = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    bookingIds: string[];
    showIds: string[];
    checkouts: GatewayPayment[];
  };
  return { bookingIds: result.bookingIds, showIds: result.showIds, openCheckouts: result.checkouts };
}
