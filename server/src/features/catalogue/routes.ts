import { MAX_SEATS_PER_BOOKING, type CinemaDetails, type CinemaSettings } from '@marquee/shared';
import { readSettings } from '../settings/index.ts';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import { notFound } from '../../lib/app-error.ts';
import { OIDC_PROVIDER_ID } from '../auth/index.ts';
import { catalogueDocs as docs } from './docs.ts';
import { listMoviesWithShows, listUpcomingShows } from './queries.ts';

/**
 * Where and when to find the cinema: the settings admins keep (CONTRACT §10; the CINEMA_*
 * variables only seed them), or the variables themselves when no settings are given. Empty
 * values are left out.
 */
export function cinemaDetails(
  config: Env,
  cinema?: Pick<CinemaSettings, 'name' | 'address' | 'phone' | 'hours'>,
): CinemaDetails {
  const address = (cinema ? cinema.address : config.CINEMA_ADDRESS) || null;
  return {
    name: cinema?.name ?? config.CINEMA_NAME,
    address,
    phone: (cinema ? cinema.phone : config.CINEMA_PHONE) || null,
    hours: (cinema ? cinema.hours : config.CINEMA_HOURS) || null,
    mapUrl:
      config.CINEMA_MAP_URL ??
      (address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null),
  };
}

export async function catalogueRoutes(app: FastifyInstance) {
  const { db, config, clock, movieCache } = app.deps;
  const query = () => ({ db, timeZone: config.CINEMA_TIMEZONE, now: clock() });

  app.get('/api/config', { schema: docs.config }, async () => {
    // Read on every call: an admin's change of the cinema shows at once on every process.
    const { cinema, cancellation } = await readSettings(db);
    return {
      success: true,
      message: 'Cinema configuration',
      cinemaName: cinema.name,
      timeZone: config.CINEMA_TIMEZONE,
      paymentWindowSeconds: config.PAYMENT_WINDOW_SECONDS,
      maxSeatsPerBooking: MAX_SEATS_PER_BOOKING,
      seatGapRule: config.SEAT_GAP_RULE === 'on',
      currency: 'INR',
      cleaningMinutes: config.CLEANING_MINUTES,
      signInProviders: config.OIDC_ISSUER ? [{ id: OIDC_PROVIDER_ID, name: config.OIDC_PROVIDER_NAME }] : [],
      cinema: cinemaDetails(config, cinema),
      cancellationTiers: cancellation.tiers,
    };
  });

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
