import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../lib/periodic.ts';
import { closeCheckouts } from '../payments/index.ts';
import { releaseExpiredHolds } from './release-expired.ts';

/**
 * Marks lapsed holds expired every `intervalMs`, in every process. Safe to run in several
 * processes at once: each booking is expired once (SKIP LOCKED, conditional on pending). Reads
 * never wait for it (a lapsed hold stops counting at its deadline); it keeps the records and the
 * seat maps of other readers tidy, and survives restarts because the deadline is in the database.
 */
export function startExpirySweeper(app: FastifyInstance, intervalMs: number): () => Promise<void> {
  const { db, clock, seatMaps, gateways } = app.deps;
  return runEvery(
    intervalMs,
    async () => {
      const { showIds, bookingIds, openCheckouts } = await releaseExpiredHolds({ db, now: clock() });
      for (const showId of showIds) seatMaps.invalidate(showId);
      if (bookingIds.length) app.log.info({ count: bookingIds.length }, 'expired unpaid holds');
      // The hold is over, so its checkout is too (Stripe's own expiry is 30 minutes at least).
      await closeCheckouts({ gateways, log: app.log }, openCheckouts);
    },
    (error) => app.log.error({ err: error }, 'expiry sweep failed'),
  );
}
