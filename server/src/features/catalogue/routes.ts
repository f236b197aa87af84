import { MAX_SEATS_PER_BOOKING, type CinemaDetails } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import { notFound } from '../../lib/app-error.ts';
import { OIDC_PROVIDER_ID } from '../auth/auth.ts';
import { catalogueDocs as docs } from './docs.ts';
import { listMoviesWithShows, listUpcomingShows } from './queries.ts';

/** Where and when to find the cinema (CINEMA_* settings); empty settings are left out. */
export function cinemaDetails(config: Env): CinemaDetails {
  const address = config.CINEMA_ADDRESS || null;
  return {
    name: config.CINEMA_NAME,
    address,
    phone: config.CINEMA_PHONE || null,
    hours: config.CINEMA_HOURS || null,
    mapUrl:
      config.CINEMA_MAP_URL ??
      (address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null),
  };
}

export async function catalogueRoutes(app: FastifyInstance) {
  const { db, config, clock, movieCache } = app.deps;
  const query = () => ({ db, timeZone: config.CINEMA_TIMEZONE, now: clock() });

  app.get('/api/config', { schema: docs.config }, async () => ({
    success: true,
    message: 'Cinema configuration',
    cinemaName: config.CINEMA_NAME,
    timeZone: config.CINEMA_TIMEZONE,
    paymentWindowSeconds: config.PAYMENT_WINDOW_SECONDS,
    maxSeatsPerBooking: MAX_SEATS_PER_BOOKING,
    seatGapRule: config.SEAT_GAP_RULE === 'on',
    currency: 'INR',
    cleaningMinutes: config.CLEANING_MINUTES,
    signInProviders: config.OIDC_ISSUER ? [{ id: OIDC_PROVIDER_ID, name: config.OIDC_PROVIDER_NAME }] : [],
    cinema: cinemaDetails(config),
  }));

  app.get('/api/movies', { schema: docs.movies }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await movieCache.listBody()),
  );

  app.get('/api/movies/movies-with-shows', { schema: docs.moviesWithShows }, async () => ({
    success: true,
    message: 'Movies with shows fetched',
    movies: await listMoviesWithShows(query()),
  }));

  app.get<{ Params: { id: string } }>('/api/movies/:id', { schema: docs.movie }, async (request) => {
    const movie = await movieCache.find(request.params.id);
    if (!movie) throw notFound('Movie not found');
    return { success: true, message: 'Movie fetched', movie };
  });

  app.get('/api/shows', { schema: docs.shows }, async () => ({
    success: true,
    message: 'Shows fetched',
    shows: await listUpcomingShows(query()),
  }));

  app.get<{ Params: { movieId: string } }>(
    '/api/shows/movie/:movieId',
    { schema: docs.movieShows },
    async (request) => {
      const movie = await movieCache.find(request.params.movieId);
      if (!movie) throw notFound('Movie not found');
      return {
        success: true,
        message: 'Shows fetched',
        shows: await listUpcomingShows({ ...query(), movieId: movie._id }),
      };
    },
  );
}
