import { updateMovieInput, type AdminMoviesResponse, type MovieResponse } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/parse.ts';
import { requireAdmin } from '../auth/index.ts';
import { deleteMovie, listAdminMovies, updateMovie } from './edit-movie.ts';
import { movieDocs as docs } from './movie-docs.ts';

/** Admins correcting, retiring, restoring and deleting movies (CONTRACT §3). */
export async function movieRoutes(app: FastifyInstance) {
  const { db, config, clock, movieCache } = app.deps;

  app.get('/api/admin/movies', { schema: docs.list }, async (request): Promise<AdminMoviesResponse> => {
    await requireAdmin(request);
    return { success: true, message: 'Movies fetched', movies: await listAdminMovies(db) };
  });

  app.put<{ Params: { id: string } }>(
    '/api/movies/:id',
    { schema: docs.update },
    async (request): Promise<MovieResponse> => {
      const admin = await requireAdmin(request);
      const input = parseInput(updateMovieInput, request.body ?? {});
      const movie = await updateMovie({
        db,
        movieId: request.params.id,
        actorId: admin.id,
        input,
        now: clock(),
        cleaningMinutes: config.CLEANING_MINUTES,
      });
      // This process at once; the others when the notification arrives.
      movieCache.invalidate();
      const message =
        input.active === false ? 'Movie retired' : input.active === true ? 'Movie restored' : 'Movie updated';
      return { success: true, message, movie };
    },
  );

  app.delete<{ Params: { id: string } }>('/api/movies/:id', { schema: docs.delete }, async (request) => {
    const admin = await requireAdmin(request);
    await deleteMovie({ db, movieId: request.params.id, actorId: admin.id });
    movieCache.invalidate();
    return { success: true, message: 'Movie deleted' };
  });
}
