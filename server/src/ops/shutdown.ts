import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long running requests may take before their connections are cut. */
  graceMs?: number;
  /** Last resort: exit(1) if closing still has not finished this long after the grace. */
  forceAfterMs?: number;
  exit?: (code: number) => void;
  /**
   * Closed once the app has closed, after every onClose hook (Fastify runs those last-added
   * first): the database, which the hooks' background work may still be using until they end.
   */
  closeAfter?: () => Promise<void>;
}

/**
 * Graceful shutdown a load balancer can rely on:
 * 1. readiness turns false and every answer from now on says `Connection: close`;
 * 2. the listening socket closes (no new connections) and seat streams end (preClose hooks);
 * 3. idle keep-alive connections are closed now and whenever one falls idle later;
 * 4. once the running requests have answered, onClose hooks stop the background work, then the
 *    database closes (`closeAfter`); exit 0.
 * Requests still running after the grace lose their connections (logged), so the process
 * is gone within about `graceMs` whatever its clients do.
 */
export function gracefulShutdown(app: FastifyInstance, signal: string, options: ShutdownOptions = {}) {
  const {
    graceMs = 4_000,
    forceAfterMs = 3_000,
    exit = (code) => process.exit(code),
    closeAfter = async () => {},
  } = options;
  const started = performance.now();
  const elapsedMs = () => Math.round(performance.now() - started);
  app.deps.lifecycle.startDraining();
  app.log.info({ signal }, 'shutting down: draining requests and closing the database');

  // Node closes the connections idle at server.close(); these sweep up the ones that fall idle later.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
  const grace = setTimeout(() => {
    app.log.warn({ graceMs }, 'shutdown: requests still running after the grace period; closing them');
    app.server.closeAllConnections();
  }, graceMs);
  const force = setTimeout(() => {
    app.log.error({ elapsedMs: elapsedMs() }, 'shutdown did not finish; exiting');
    exit(1);
  }, graceMs + forceAfterMs);
  for (const timer of [reaper, grace, force]) timer.unref();

  return app
    .close()
    .then(closeAfter)
    .then(
      () => {
        clearInterval(reaper);
        clearTimeout(grace);
        clearTimeout(force);
        app.log.info({ elapsedMs: elapsedMs() }, 'shut down cleanly');
        exit(0);
      },
      (error: unknown) => {
        clearInterval(reaper);
        app.log.error({ err: error, elapsedMs: elapsedMs() }, 'shutdown failed');
        exit(1);
      },
    );
}
