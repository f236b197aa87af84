import {
  cinemaConfigResponse,
  movieResponse,
  moviesResponse,
  moviesWithShowsResponse,
  showsResponse,
} from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Catalogue'];
const movieId = (name: string) => idParam(name, "The movie's id or its slug");

/** The catalogue's routes as /api/openapi.json describes them (routes.ts attaches each). */
export const catalogueDocs = {
  config: routeSchema({
    tags,
    summary: 'What a client needs to know about the cinema',
    auth: 'public',
    ok: cinemaConfigResponse,
  }),
  movies: routeSchema({ tags, summary: 'All movies', auth: 'public', ok: moviesResponse }),
  moviesWithShows: routeSchema({
    tags,
    summary: 'Movies with their upcoming bookable shows (the home page)',
    description:
      'Each entry is the movie with `shows`, `showCount`, `showDates` and `lowestPrice`, and carries the ' +
      'movie again as `movie` for clients that read `{ movie, shows }` (CONTRACT §8).',
    auth: 'public',
    ok: moviesWithShowsResponse,
  }),
  movie: routeSchema({
    tags,
    summary: 'One movie',
    auth: 'public',
    params: movieId('id'),
    ok: movieResponse,
    errors: { 404: 'Movie not found' },
  }),
  shows: routeSchema({
    tags,
    summary: 'Upcoming shows of every movie, soonest first',
    auth: 'public',
    ok: showsResponse,
  }),
  movieShows: routeSchema({
    tags,
    summary: "One movie's upcoming shows, soonest first",
    auth: 'public',
    params: movieId('movieId'),
    ok: showsResponse,
    errors: { 404: 'Movie not found' },
  }),
};
