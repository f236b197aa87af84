import type { FastifyInstance } from 'fastify';
import { joinWaitlistRequest } from '@marquee/shared';
import { notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { requireUser } from '../auth/index.ts';
import { cancelAndRefund } from '../bookings/index.ts';
import { joinWaitlist, leaveWaitlist, listEntries } from './entries.ts';
import { waitlistDocs as docs } from './docs.ts';

export async function waitlistRoutes(app: FastifyInstance) {
  const { db, clock, config, gateways, seatMaps } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

  const entryOf = async (userId: string, entryId: string) => {
    const [entry] = await listEntries({ db, userId, ids: [entryId], now: clock(), timeZone });
    if (!entry) throw notFound('Waiting-list entry not found');
    return entry;
  };

  app.post<{ Params: { id: string } }>(
    '/api/shows/:id/waitlist',
    { schema: docs.join },
    async (request, reply) => {
      const user = await requireUser(request);
      const { quantity, class: cls } = parseInput(joinWaitlistRequest, request.body ?? {});
      const entryId = await joinWaitlist({
        db,
        showId: request.params.id,
        userId: user.id,
        quantity,
        cls,
        now: clock(),
      });
      reply.code(201);
      return {
        success: true,
        message: 'You are on the waiting list',
        entry: await entryOf(user.id, entryId),
      };
    },
  );

  app.get('/api/user/waitlist', { schema: docs.list }, async (request) => {
    const user = await requireUser(request);
    return {
      success: true,
      message: 'Waiting-list entries fetched',
      entries: await listEntries({ db, userId: user.id, now: clock(), timeZone }),
    };
  });

  app.delete<{ Params: { entryId: string } }>(
    '/api/waitlist/:entryId',
    { schema: docs.leave },
    async (request) => {
      const user = await requireUser(request);
      const now = clock();
      await leaveWaitlist({
        db,
        entryId: request.params.entryId,
        userId: user.id,
        now,
        cancelOffer: async (bookingId) => {
          // The offer's hold goes back on sale like any cancelled one (its seat map told too).
          await cancelAndRefund(
            { db, gateways, clock, log: request.log, seatMaps },
            { bookingId, actor: { id: user.id, isStaff: false }, reason: 'Left the waiting list' },
          );
        },
      });
      return {
        success: true,
        message: 'You have left the waiting list',
        entry: await entryOf(user.id, request.params.entryId),
      };
    },
  );
}
