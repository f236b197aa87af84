import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentTurn, type RequestTurn } from '../db/fair-queue.ts';

/**
 * On the embedded database, each request takes its place in the database queue when it arrives
 * and its handler runs with that place (db/fair-queue.ts), so its queries go in arrival order.
 */
export const fairQueue = fp(async (app: FastifyInstance) => {
  const queue = app.deps.database.queue;
  if (!queue) return;
  const turns = new WeakMap<FastifyRequest, RequestTurn>();
  app.addHook('onRequest', (request, _reply, done) => {
    turns.set(request, queue.nextTurn());
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const turn = turns.get(request);
    if (turn) currentTurn.run(turn, done);
    else done();
  });
});
