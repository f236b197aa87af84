import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.ts';

export async function seatRoutes(app: FastifyInstance) {
  const { seatMaps, clock } = app.deps;

  // The hottest read of a rush: answered from memory as prepared bytes (see SeatMapCache).
  app.get<{ Params: { showId: string } }>('/api/bookings/seats/:showId', async (request, reply) => {
    const body = await seatMaps.read(request.params.showId, clock().getTime());
    if (!body) throw notFound('Show not found');
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
  });
}
