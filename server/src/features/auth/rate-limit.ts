import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

const WINDOW_MS = 60_000;

/**
 * Counts one attempt for `key` in the current minute and says whether it is within `limit`.
 * One upsert, so concurrent attempts from several processes are all counted.
 */
export async function countAttempt({
  db,
  key,
  limit,
  now,
}: {
  db: Queryable;
  key: string;
  limit: number;
  now: Date;
}): Promise<boolean> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // Old windows are worthless; sweep them now and then rather than on every attempt.
  if (Math.random() < 0.02) {
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, new Date(windowStart.getTime() - WINDOW_MS)));
  }
  return (row?.count ?? 0) <= limit;
}
