import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const SEAT_STREAM_ROUTE = '/api/bookings/seats/:showId/events';
const HOLD_ROUTE = '/api/bookings/create';

/**
 * GET /metrics in Prometheus' text format. Per process: requests by route (rate and latency),
 * holds made and refused, open seat streams, database pool and LISTEN connection. From the
 * database (the same for every process): payments by state, refunds pending, expiry lag.
 * With METRICS_TOKEN it asks for `Authorization: Bearer <token>`; without, it answers only
 * callers on this machine that did not come through a proxy.
 */
export const metricsRoutes = fp(async (app: FastifyInstance) => {
  const { database, config, clock } = app.deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'marquee_process_' });

  const requests = new Counter({
    name: 'marquee_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'marquee_http_request_duration_seconds',
    help: 'Time to answer, by route pattern and method',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const holds = new Counter({
    name: 'marquee_holds_total',
    help: 'Seat hold requests: made, refused (seats taken or a rule said no), or invalid',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let openStreams = 0;
  new Gauge({
    name: 'marquee_seat_streams_open',
    help: 'Live seat-map streams open on this process',
    registers: [registry],
    collect() {
      this.set(openStreams);
    },
  });
  new Gauge({
    name: 'marquee_db_pool_connections',
    help: 'PostgreSQL connections of this process: total, idle, waiting requests, max',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.stats().pool;
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
    },
  });
  new Gauge({
    name: 'marquee_db_listener_connected',
    help: '1 while the LISTEN connection for live updates is up',
    registers: [registry],
    collect() {
      const listener = database.stats().listener;
      this.set(listener ? Number(listener.connected) : 1);
    },
  });
  new Gauge({
    name: 'marquee_db_listener_reconnects',
    help: 'Times the LISTEN connection was lost and replaced since start',
    registers: [registry],
    collect() {
      this.set(database.stats().listener?.reconnects ?? 0);
    },
  });
  const payments = new Gauge({
    name: 'marquee_payments',
    help: 'Payments recorded, by state (whole database)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const refundsPending = new Gauge({
    name: 'marquee_refunds_pending',
    help: 'Refunds owed and not yet confirmed by the gateway (whole database)',
    registers: [registry],
  });
  const expiryLag = new Gauge({
    name: 'marquee_expiry_lag_seconds',
    help: 'How long ago the oldest lapsed hold still marked pending ran out (0: none)',
    registers: [registry],
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url === SEAT_STREAM_ROUTE) {
      openStreams++;
      request.raw.once('close', () => openStreams--);
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (route === HOLD_ROUTE && request.method === 'POST') {
      holds.inc({ outcome: status < 300 ? 'made' : status === 409 ? 'refused' : 'invalid' });
    }
    done();
  });

  async function readDatabaseFigures() {
    const now = clock();
    const [paymentRows, refundRows, lagRows] = await Promise.all([
      database.db.execute(sql`select status, count(*)::int as count from payments group by status`),
      database.db.execute(sql`select count(*)::int as count from refunds where status = 'pending'`),
      database.db.execute(
        // Lapsed is what marquee_blocks_seat says: a pending hold whose claim would no longer block.
        sql`select extract(epoch from (${now.toISOString()}::timestamptz - min(expires_at)))::float8 as lag
              from bookings where status = 'pending'
                and not marquee_blocks_seat(true, status, expires_at, ${now.toISOString()}::timestamptz)`,
      ),
    ]);
    payments.reset();
    for (const row of rowsOf<{ status: string; count: number }>(paymentRows)) {
      payments.set({ status: row.status }, Number(row.count));
    }
    refundsPending.set(Number(rowsOf<{ count: number }>(refundRows)[0]?.count ?? 0));
    expiryLag.set(Math.max(0, Number(rowsOf<{ lag: number | null }>(lagRows)[0]?.lag ?? 0)));
  }

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const refusal = refuse(request, config.METRICS_TOKEN);
    if (refusal) return reply.status(refusal.status).send({ success: false, message: refusal.message });
    try {
      await readDatabaseFigures();
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: database figures unavailable');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

/** Both drivers answer `execute` with `{ rows }`; drizzle's types do not say so in common. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function refuse(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? null
      : { status: 401, message: 'Authentication required' };
  }
  // Without a token: only this machine, and not through a proxy (which would also be local).
  const address = request.raw.socket.remoteAddress ?? '';
  const local = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  return local && !request.headers['x-forwarded-for'] ? null : { status: 403, message: 'Not authorized' };
}
