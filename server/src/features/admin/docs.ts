import {
  bookingStatuses,
  adminBookingsResponse,
  adminShowsResponse,
  auditResponse,
  dashboardResponse,
  isAdminResponse,
  isIsoDate,
} from '@marquee/shared';
import { z } from 'zod';
import { routeSchema } from '../../plugins/openapi.ts';
import { isUuid } from '../catalogue/index.ts';

const paging = (defaultSize: number) => ({
  page: z.coerce.number().int().min(1, 'page counts from 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(500, 'pageSize is at most 500').default(defaultSize),
});

const id = z
  .string()
  .trim()
  .refine(isUuid, 'Unknown id')
  .optional()
  .or(z.literal('').transform(() => undefined));
const date = z
  .string()
  .trim()
  .refine(isIsoDate, 'date is YYYY-MM-DD')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const bookingFilter = z.object({
  q: z.string().trim().max(200).optional(),
  status: z
    .enum(bookingStatuses)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  movieId: id,
  showId: id,
  date,
});
export const bookingsQuery = bookingFilter.extend(paging(100));
export const showsQuery = z.object({
  movieId: id,
  date,
  status: z
    .enum(['active', 'sold-out', 'cancelled', 'past', 'upcoming'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ...paging(50),
});
export const auditQuery = z.object({ action: z.string().trim().max(100).optional(), ...paging(50) });

const tags = ['Admin'];

/** The admin routes as /api/openapi.json describes them; routes.ts parses with the queries above. */
export const adminDocs = {
  isAdmin: routeSchema({
    tags,
    summary: 'Whether the caller is an admin (what the admin area checks)',
    auth: 'user',
    ok: isAdminResponse,
  }),
  dashboard: routeSchema({
    tags,
    summary: 'The dashboard figures (docs/admin.md defines them)',
    auth: 'admin',
    ok: dashboardResponse,
  }),
  bookings: routeSchema({
    tags,
    summary: 'Bookings, filtered and paged',
    description:
      "`q` matches the booking id, the buyer's name or email, and the movie title. Pages count from 1; " +
      '`total` counts every match.',
    auth: 'admin',
    querystring: bookingsQuery,
    ok: adminBookingsResponse,
  }),
  bookingsCsv: routeSchema({
    tags,
    summary: 'The filtered bookings as a CSV file (all pages)',
    auth: 'admin',
    querystring: bookingFilter,
    ok: {
      status: 200,
      contentType: 'text/csv',
      schema: z.string().meta({ examples: ['\uFEFFBooking ID,Reference,Movie,User,Email,…\r\n'] }),
    },
  }),
  shows: routeSchema({
    tags,
    summary: 'Shows as staff see them (sold, held, bookings), filtered and paged',
    auth: 'admin',
    querystring: showsQuery,
    ok: adminShowsResponse,
  }),
  audit: routeSchema({
    tags,
    summary: 'The audit log, newest first, paged',
    auth: 'admin',
    querystring: auditQuery,
    ok: auditResponse,
  }),
};
