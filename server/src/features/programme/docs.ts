import {
  cancelShowResponse,
  createMovieInput,
  createMovieResponse,
  createShowsInput,
  createShowsResponse,
  ok,
  showPaidBookingsResponse,
  timeslotQuery,
  timeslotResponse,
  updateShowInput,
  updateShowResponse,
} from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Programme'];
const showId = idParam('id', "The show's id");
const crossSite = 'Admins only, or a cookie call from another site';

/** The programme's routes as /api/openapi.json describes them (routes.ts attaches each). */
export const programmeDocs = {
  createMovie: routeSchema({
    tags,
    summary: 'Add a movie (the add form of spec §3)',
    auth: 'admin',
    body: createMovieInput.meta({
      examples: [
        { Title: 'Dune: Part Two', Year: '2024', Genre: 'Sci-Fi', Poster: 'https://example.com/dune.jpg' },
      ],
    }),
    ok: { status: 201, schema: createMovieResponse },
    errors: { 403: crossSite },
  }),
  checkTimeslot: routeSchema({
    tags,
    summary: 'Whether a movie already has a show at this date and time',
    auth: 'public',
    querystring: timeslotQuery,
    ok: timeslotResponse,
  }),
  createShows: routeSchema({
    tags,
    summary: 'Add shows (the spec §3 payload)',
    description:
      "`time` is `h:mm AM/PM` or `HH:mm` in the cinema's time zone; timings may be `{ time }` objects or plain strings.",
    auth: 'admin',
    body: createShowsInput.meta({
      examples: [
        {
          movie: '0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10',
          showPrice: 250,
          totalSeats: 96,
          dateTimings: [{ date: '2026-12-01', timings: [{ time: '6:30 PM' }, '21:15'] }],
        },
      ],
    }),
    ok: { status: 201, schema: createShowsResponse },
    errors: {
      403: crossSite,
      404: 'Movie not found',
      409: 'This time slot is already booked for the selected movie',
    },
  }),
  updateShow: routeSchema({
    tags,
    summary: "Change a show's class prices, date and time, total seats, language or format",
    description:
      "`prices` (class → rupees) names every class of the show's screen; new bookings pay them, bookings made " +
      'before keep theirs. Moving the show emails each paid booking once, with an updated calendar file. ' +
      '`language` (one of the film’s) and `format` change only while no seat of the show is held or sold.',
    auth: 'admin',
    params: showId,
    body: updateShowInput,
    ok: updateShowResponse,
    errors: {
      403: crossSite,
      404: 'Show not found',
      409: 'This time slot is already booked for the selected movie; or a seat is held or sold and the language or format was to change',
    },
  }),
  showPaidBookings: routeSchema({
    tags,
    summary: 'How many paid bookings a move of the show will email',
    auth: 'admin',
    params: showId,
    ok: showPaidBookingsResponse,
    errors: { 404: 'Show not found' },
  }),
  cancelShow: routeSchema({
    tags,
    summary: 'Cancel a show: its live bookings are cancelled and paid ones refunded',
    auth: 'admin',
    params: showId,
    ok: cancelShowResponse,
    errors: { 403: crossSite, 404: 'Show not found' },
  }),
  deleteShow: routeSchema({
    tags,
    summary: 'Delete a show that has no bookings',
    auth: 'admin',
    params: showId,
    ok: ok({}),
    errors: {
      403: crossSite,
      404: 'Show not found',
      409: 'This show has bookings, so it cannot be deleted. Cancel the show instead.',
    },
  }),
};
