import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/**
 * Counts one attempt for `key` in the current fixed window of `windowMs`: the attempts so far
 * in it, and the milliseconds until the next one starts. One upsert, so concurrent attempts from
 * several processes are all counted.
 */
export async function countAttempt({
  db,
  key,
  now,
  windowMs,
}: {
  db: Queryable;
  key: string;
  now: Date;
  windowMs: number;
}): Promise<{ count: number; msLeft: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(windowStart.getTime() - windowMs)));
  }
  return { count: row?.count ?? 0, msLeft: windowStart.getTime() + windowMs - now.getTime() };
}

/**
 * A store for @fastify/rate-limit in the database, so every process counts together, on the
 * app's clock. Every route it guards shares one count per client (`prefix` + the plugin's key).
 */
export function databaseStore({
  db,
  clock,
  prefix,
}: {
  db: Queryable;
  clock: () => Date;
  prefix: string;
}): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countAttempt({ db, key: `${prefix}${key}`, now: clock(), windowMs: timeWindow }).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
