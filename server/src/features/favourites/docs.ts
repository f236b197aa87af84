import { moviesResponse, toggleFavouriteRequest, toggleFavouriteResponse } from '@marquee/shared';
import { routeSchema } from '../../plugins/openapi.ts';

const tags = ['Favourites'];

/** The favourites routes as /api/openapi.json describes them (routes.ts attaches each). */
export const favouriteDocs = {
  list: routeSchema({ tags, summary: "The caller's favourite movies", auth: 'user', ok: moviesResponse }),
  toggle: routeSchema({
    tags,
    summary: 'Add a movie to the favourites, or remove it when it is there',
    auth: 'user',
    body: toggleFavouriteRequest,
    ok: toggleFavouriteResponse,
    errors: { 403: 'A cookie call from another site', 404: 'Movie not found' },
  }),
};
