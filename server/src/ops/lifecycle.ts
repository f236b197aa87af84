import type { FastifyInstance } from 'fastify';
import { ok } from '@marquee/shared';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { routeSchema } from '../plugins/openapi.ts';

const docs = {
  health: routeSchema({
    tags: ['Operations'],
    summary: 'Liveness: the process answers',
    auth: 'public',
    ok: ok({ database: z.enum(['pglite', 'postgres']) }),
  }),
  ready: routeSchema({
    tags: ['Operations'],
    summary: 'Readiness: send this process traffic',
    auth: 'public',
    ok: ok({ state: z.literal('ready') }),
    errors: { 503: 'Starting, draining, or the database does not answer' },
  }),
};

export type LifecycleState = 'starting' | 'ready' | 'draining';

/** Where the process is in its life; a load balancer reads it through /api/ready. */
export class Lifecycle {
  state: LifecycleState = 'starting';
  private readonly drainListeners = new Set<() => void>();

  get isDraining(): boolean {
    return this.state === 'draining';
  }

  markReady(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  /** Readiness turns false at once and every drain listener runs (once). */
  startDraining(): void {
    if (this.state === 'draining') return;
    this.state = 'draining';
    for (const listener of this.drainListeners) listener();
    this.drainListeners.clear();
  }

  onDrain(listener: () => void): () => void {
    if (this.isDraining) {
      listener();
      return () => {};
    }
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }
}

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: send it traffic).
 * While draining, every answer says `Connection: close`, so a keep-alive connection whose
 * request was already running when shutdown began is closed by its last answer instead of
 * keeping the process alive.
 */
export const lifecycleRoutes = fp(async (app: FastifyInstance) => {
  const { lifecycle, database } = app.deps;

  app.addHook('onListen', async () => lifecycle.markReady());
  app.addHook('onSend', (request, reply, payload, done) => {
    if (lifecycle.isDraining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });

  app.get('/api/health', { schema: docs.health }, async () => ({
    success: true,
    message: 'ok',
    database: database.kind,
  }));

  app.get('/api/ready', { schema: docs.ready }, async (request, reply) => {
    const state = lifecycle.state;
    if (state !== 'ready') {
      return reply.status(503).send({ success: false, message: `Not ready: ${state}`, state });
    }
    try {
      await database.db.execute('select 1');
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply
        .status(503)
        .send({ success: false, message: 'Not ready: the database does not answer', state });
    }
    return { success: true, message: 'ready', state };
  });
});
