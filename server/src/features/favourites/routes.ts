import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { requireUser } from '../auth/guards.ts';
import { listFavourites, toggleFavourite } from './favourites.ts';

const toggleFavouriteInput = z.object({
  movieId: z.string({ message: 'movieId is required' }).trim().min(1, 'movieId is required'),
});

export async function favouriteRoutes(app: FastifyInstance) {
  const { db, movieCache } = app.deps;

  app.get('/api/user/favourites', async (request) => {
    const user = await requireUser(request);
    return {
      success: true,
      message: 'Favourites fetched',
      movies: await listFavourites({ db, userId: user.id }),
    };
  });

  app.post('/api/user/update-favourites', async (request) => {
    const user = await requireUser(request);
    const { movieId } = parseInput(toggleFavouriteInput, request.body ?? {});
    const movie = await movieCache.find(movieId);
    if (!movie) throw notFound('Movie not found');
    const { isFavourite } = await toggleFavourite({ db, userId: user.id, movieId: movie._id });
    return {
      success: true,
      message: isFavourite ? 'Added to favourites' : 'Removed from favourites',
      isFavourite,
      movies: await listFavourites({ db, userId: user.id }),
    };
  });
}
