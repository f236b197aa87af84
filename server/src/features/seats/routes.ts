import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { ConnectionLimit } from '../../lib/connection-limit.ts';
import { seatDocs as docs } from './docs.ts';
import { SeatFeeds } from './seat-feed.ts';

/** Live seat maps one client address may keep open (a family's phones behind one router and more). */
export const SEAT_STREAMS_PER_ADDRESS = 20;
export const TOO_MANY_STREAMS =
  'Too many live seat maps are open from your address. Close some and try again.';

export async function seatRoutes(app: FastifyInstance) {
  const { seatMaps, clock } = app.deps;
  // Open event streams, ended before the server closes so shutdown does not wait on them.
  const streams = new Set<() => void>();
  const streamLimit = new ConnectionLimit(SEAT_STREAMS_PER_ADDRESS);
  const feeds = new SeatFeeds(seatMaps, () => clock().getTime());
  app.addHook('preClose', async () => {
    for (const end of streams) end();
    feeds.close();
  });

  // The hottest read of a rush: answered from memory as prepared bytes (see SeatMapCache).
  app.get<{ Params: { showId: string } }>(
    '/api/bookings/seats/:showId',
    { schema: docs.map },
    async (request, reply) => {
      const body = await seatMaps.read(request.params.showId, clock().getTime());
      if (!body) throw notFound('Show not found');
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
    },
  );

  /**
   * The seat map, live: server-sent events carrying the same JSON whenever the show's seats
   * change in any process (a NOTIFY reaches every cache) or a hold lapses; one feed per show
   * frames each change once for all its readers (seat-feed.ts).
   */
  app.get<{ Params: { showId: string } }>(
    '/api/bookings/seats/:showId/events',
    { schema: docs.events },
    async (request, reply) => {
      const { showId } = request.params;
      const first = await seatMaps.read(showId, clock().getTime());
      if (!first) throw notFound('Show not found');
      const release = streamLimit.acquire(request.ip);
      if (!release) throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      const remove = feeds.add(showId, res);
      let closed = false;
      const stop = () => {
        if (closed) return;
        closed = true;
        release();
        streams.delete(end);
        remove();
      };
      const end = () => {
        stop();
        res.end();
      };
      streams.add(end);
      request.raw.on('close', stop);
      res.on('close', stop);
    },
  );
}
