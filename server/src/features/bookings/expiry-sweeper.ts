import type { FastifyInstance } from 'fastify';
import { closeCheckouts } from '../payments/issue-refund.ts';
import { releaseExpiredHolds } from './release-expired.ts';

/**
 * Marks lapsed holds expired every `intervalMs`, in every process. Safe to run in several
 * processes at once: each booking is expired by one conditional update. Reads never wait for
 * it (a lapsed hold stops counting at its deadline); it keeps the records and the seat maps
 * of other readers tidy, and survives restarts because the deadline is in the database.
 */
export function startExpirySweeper(app: FastifyInstance, intervalMs: number): () => void {
  const { db, clock, seatMaps } = app.deps;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    db.transaction((tx) => releaseExpiredHolds({ db: tx, now: clock() }))
      .then(async ({ showIds, bookingIds, openCheckouts }) => {
        for (const showId of showIds) seatMaps.invalidate(showId);
        if (bookingIds.length) app.log.info({ count: bookingIds.length }, 'expired unpaid holds');
        // The hold is over, so its checkout is too (Stripe's own expiry is 30 minutes at least).
        await closeCheckouts(app, openCheckouts);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
