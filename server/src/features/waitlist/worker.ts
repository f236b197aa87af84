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
      const closed = await closeEndedWaitlists(db, now);
      const offers = await makeOffers({ db, gateway, log: app.log }, now);
      // Each pass says it ran (debug): tests across processes wait for every process to have looked.
      app.log.debug({ closed, offers: offers.length }, 'waiting-list pass done');
    },
    (error) => app.log.error({ err: error }, 'waiting-list offers failed'),
  );
}
