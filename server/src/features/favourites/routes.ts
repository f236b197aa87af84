import type { FastifyInstance } from 'fastify';
import { toggleFavouriteRequest } from '@marquee/shared';
import { notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { requireUser } from '../auth/index.ts';
import { listFavourites, toggleFavourite } from './favourites.ts';
import { favouriteDocs as docs } from './docs.ts';

export async function favouriteRoutes(app: FastifyInstance) {
  const { db, movieCache } = app.deps;

  app.get('/api/user/favourites', { schema: docs.list }, async (request) => {
    const user = await requireUser(request);
    return {
      success: true,
      message: 'Favourites fetched',
      movies: await listFavourites({ db, userId: user.id }),
    };
  });

  app.post('/api/user/update-favourites', { schema: docs.toggle }, async (request) => {
    const user = await requireUser(request);
    const { movieId } = parseInput(toggleFavouriteRequest, request.body ?? {});
    const movie = await movieCache.find(movieId);
    if (!movie?.active) throw notFound('Movie not found');
    const { isFavourite } = await toggleFavourite({ db, userId: user.id, movieId: movie._id });
    return {
      success: true,
      message: isFavourite ? 'Added to favourites' : 'Removed from favourites',
      isFavourite,
      movies: await listFavourites({ db, userId: user.id }),
    };
  });
}
