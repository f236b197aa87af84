import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../lib/periodic.ts';
import { closeEndedWaitlists, makeOffers } from './offers.ts';

/**
 * Every `intervalMs`, in every process: closes the waiting lists of shows that can no longer get
 * offers, then makes the offers of due shows (offers.ts; each due show is taken by one process).
 */
export function startWaitlistWorker(app: FastifyInstance, intervalMs: number): () => Promise<void> {
  const { db, clock, gateway } = app.deps;
  return runEvery(
    intervalMs,
    async () => {
      const now = clock();
      await closeEndedWaitlists(db, now);
      await makeOffers({ db, gateway, log: app.log }, now);
    },
    (error) => app.log.error({ err: error }, 'waiting-list offers failed'),
  );
}
