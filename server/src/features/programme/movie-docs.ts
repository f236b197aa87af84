import { adminMoviesResponse, movieResponse, ok, updateMovieInput } from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';
import { HAS_SHOWS_MESSAGE } from './edit-movie.ts';

const tags = ['Programme'];
const movieId = idParam('id', "The movie's id");
const crossSite = 'Admins only, or a cookie call from another site';

/** The movie corrections as /api/openapi.json describes them (movie-routes.ts attaches each). */
export const movieDocs = {
  list: routeSchema({
    tags,
    summary: 'Every movie, retired ones too, with how many shows each has had',
    auth: 'admin',
    ok: adminMoviesResponse,
  }),
  update: routeSchema({
    tags,
    summary: 'Correct a movie, or retire or restore it',
    description:
      'Any field of the add form, checked as the add form is; a field left out keeps its value. ' +
      '`active:false` retires the film: it leaves every buyer list (movies, movies-with-shows, shows, ' +
      'favourites) and takes no new shows or bookings, while bookings made and tickets issued stay valid ' +
      'and `GET /api/movies/{id}` still answers. `active:true` restores it. A new `Runtime` moves when the ' +
      'screen is free after each show still to end (409 when that makes two shows overlap).',
    auth: 'admin',
    params: movieId,
    body: updateMovieInput.meta({ examples: [{ Title: 'Dune: Part Two' }, { active: false }] }),
    ok: movieResponse,
    errors: { 403: crossSite, 404: 'Movie not found', 409: 'This screen is already booked at that time' },
  }),
  delete: routeSchema({
    tags,
    summary: 'Delete a movie that never had a show',
    auth: 'admin',
    params: movieId,
    ok: ok({}),
    errors: { 403: crossSite, 404: 'Movie not found', 409: HAS_SHOWS_MESSAGE },
  }),
};
