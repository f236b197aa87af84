import {
  createMovieInput,
  createShowsInput,
  SCREEN_BOOKED_MESSAGE,
  timeslotQuery,
  updateShowInput,
  type CancelShowResponse,
  type CreateMovieResponse,
  type CreateShowsResponse,
  type ShowPaidBookingsResponse,
} from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { requireAdmin } from '../auth/index.ts';
import { createMovie } from './create-movie.ts';
import { cancelShowAndRefund } from './cancel-show.ts';
import { createShows } from './create-shows.ts';
import { deleteShow } from './delete-show.ts';
import { DEFAULT_SCREEN_ID, findScreen, screenFreeAt } from '../screens/index.ts';
import { isScreenFree, isSlotFree, requireMovie, requireShow, showStart } from './show-rules.ts';
import { updateShow } from './update-show.ts';
import { paidBookingIds } from './paid-bookings.ts';
import { programmeDocs as docs } from './docs.ts';

/** Staff running the programme: adding movies, adding, editing, cancelling and deleting shows. */
export async function programmeRoutes(app: FastifyInstance) {
  const { db, config, clock, seatMaps, movieCache, gateways } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

  app.post(
    '/api/movies',
    { schema: docs.createMovie },
    async (request, reply): Promise<CreateMovieResponse> => {
      const admin = await requireAdmin(request);
      const input = parseInput(createMovieInput, request.body ?? {});
      const movie = await createMovie(db, input, clock());
      movieCache.invalidate();
      await recordAudit(db, {
        actorId: admin.id,
        action: 'movie.create',
        entityType: 'movie',
        entityId: movie._id,
        details: { title: movie.title, year: movie.Year },
      });
      reply.status(201);
      return { success: true, message: 'Movie added successfully!', movie };
    },
  );

  // Asked by the Add Show form before a time joins the draft; the database has the last word.
  // Public, like the shows it reads.
  app.get('/api/shows/check-timeslot', { schema: docs.checkTimeslot }, async (request) => {
    const query = parseInput(timeslotQuery, request.query ?? {});
    const startsAt = showStart(query.date, query.time, timeZone);
    const movie = await requireMovie(db, query.movieId);
    const freeAt = screenFreeAt(startsAt, movie.runtime, config.CLEANING_MINUTES);
    // Without a screen, as the spec asks, the default screen: createShows puts the show there.
    const screenId = query.screen ? (await findScreen(db, query.screen)).id : DEFAULT_SCREEN_ID;
    const [slotFree, isFree] = await Promise.all([
      isSlotFree(db, query.movieId, startsAt),
      isScreenFree(db, screenId, startsAt, freeAt),
    ]);
    const message = !slotFree
      ? 'This time slot is already booked for the selected movie'
      : !isFree
        ? SCREEN_BOOKED_MESSAGE
        : 'This time slot is available';
    return { success: true, message, available: slotFree && isFree };
  });

  app.post(
    '/api/shows',
    { schema: docs.createShows },
    async (request, reply): Promise<CreateShowsResponse> => {
      const admin = await requireAdmin(request);
      const input = parseInput(createShowsInput, request.body ?? {});
      const created = await createShows({
        db,
        input,
        now: clock(),
        timeZone,
        cleaningMinutes: config.CLEANING_MINUTES,
      });
      await recordAudit(db, {
        actorId: admin.id,
        action: 'show.create',
        entityType: 'movie',
        entityId: input.movie,
        details: {
          // Each show's own screen, as it was placed: the log says where the seats were sold.
          shows: created.map((show) => ({
            _id: show._id,
            showDate: show.showDate,
            showTime: show.showTime,
            screen: show.screen,
          })),
          screen: created[0]?.screen,
          prices: created[0]?.prices,
          totalSeats: created[0]?.totalSeats,
        },
      });
      reply.status(201);
      const n = created.length;
      return { success: true, message: `${n} show${n === 1 ? '' : 's'} added successfully`, shows: created };
    },
  );

  app.put<{ Params: { id: string } }>('/api/shows/:id', { schema: docs.updateShow }, async (request) => {
    const admin = await requireAdmin(request);
    const input = parseInput(updateShowInput, request.body ?? {});
    const { show } = await updateShow({
      db,
      showId: request.params.id,
      actorId: admin.id,
      input,
      now: clock(),
      timeZone,
    });
    seatMaps.invalidate(show._id);
    return { success: true, message: 'Show updated', show };
  });

  // Asked by the edit dialog, so it can say who will be emailed before the move is saved.
  app.get<{ Params: { id: string } }>(
    '/api/shows/:id/paid-bookings',
    { schema: docs.showPaidBookings },
    async (request): Promise<ShowPaidBookingsResponse> => {
      await requireAdmin(request);
      const { id } = await requireShow(db, request.params.id);
      const paidBookings = (await paidBookingIds(db, id)).length;
      return { success: true, message: `${paidBookings} paid bookings`, paidBookings };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/shows/:id/cancel',
    { schema: docs.cancelShow },
    async (request): Promise<CancelShowResponse> => {
      const admin = await requireAdmin(request);
      const outcome = await cancelShowAndRefund(
        { db, gateways, clock, log: request.log, seatMaps },
        { showId: request.params.id, actorId: admin.id, timeZone },
      );
      if (!outcome.changed) {
        return {
          success: true,
          message: 'Show already cancelled',
          show: outcome.show,
          cancelledBookings: 0,
          refundedBookings: 0,
        };
      }
      // Counted in bookings: one paid in two payments (a dearer exchange) has two refunds. Refunds
      // of counter sales are not carried out here (no result): a cashier pays them back.
      const carriedOut = new Map(outcome.refunds.map((result) => [result.id, result.status]));
      let refunded = 0;
      let pendingRefunds = 0;
      let atCounter = 0;
      for (const ids of outcome.refundsPerBooking) {
        const statuses = ids.map((id) => carriedOut.get(id));
        if (statuses.includes(undefined)) atCounter += 1;
        else if (statuses.every((status) => status === 'succeeded')) refunded += 1;
        else pendingRefunds += 1;
      }
      const b = outcome.cancelledBookings;
      return {
        success: true,
        message:
          `Show cancelled. ${b} booking${b === 1 ? '' : 's'} cancelled, ${refunded} refunded` +
          (pendingRefunds ? `, ${pendingRefunds} refund${pendingRefunds === 1 ? '' : 's'} pending` : '') +
          (atCounter ? `, ${atCounter} to pay back at the box office` : ''),
        show: outcome.show,
        cancelledBookings: b,
        refundedBookings: refunded,
      };
    },
  );

  app.delete<{ Params: { id: string } }>('/api/shows/:id', { schema: docs.deleteShow }, async (request) => {
    const admin = await requireAdmin(request);
    await deleteShow({ db, showId: request.params.id, actorId: admin.id });
    seatMaps.invalidate(request.params.id);
    return { success: true, message: 'Show deleted' };
  });
}
