import { z } from 'zod';
import type { createMovieInput, createShowsInput, updateMovieInput, updateShowInput } from './admin-input.ts';
import { instant, ok, pageFields, uuid } from './api.ts';
import { bookingSchema, bookingStatusSchema } from './bookings.ts';
import { refundStatuses } from './statuses.ts';
import { movieSchema, showSchema, showWith } from './catalogue.ts';

/**
 * GET /api/admin/dashboard. The four figures the spec names plus what Recent Activity and the
 * trend lines show. Definitions (docs/admin.md):
 * - activeShows: shows not cancelled whose start is still ahead (sold-out ones included).
 * - totalBookings: bookings that are paid now (cancelled, expired and unpaid ones are not).
 * - totalUser: accounts that signed in or booked within the last 30 days.
 * - totalRevenue: rupees of the bookings that are paid now — a cancelled booking's refund takes
 *   its money back out, a late payment that was refunded never counts.
 */
const dayFigures = z.object({
  shows: z.number().int().meta({ description: 'Shows not cancelled starting that day' }),
  bookings: z
    .number()
    .int()
    .meta({ description: 'Bookings paid that day (up to the time) and still paid now' }),
  newUsers: z.number().int().meta({ description: 'Accounts created that day (up to the time)' }),
  revenue: z.number().meta({ description: 'Rupees of those bookings' }),
});
export type DashboardDayFigures = z.infer<typeof dayFigures>;

export const dashboardDataSchema = z.object({
  activeShows: z.number().int(),
  totalBookings: z.number().int(),
  totalUser: z.number().int(),
  totalRevenue: z.number(),
  totalMovies: z.number().int(),
  trends: z.object({
    showsNext7Days: z.number().int().meta({ description: 'Active shows starting within the next 7 days' }),
    bookingsLast7Days: z.number().int().meta({ description: 'Paid bookings made within the last 7 days' }),
    newUsersLast7Days: z.number().int().meta({ description: 'Accounts created within the last 7 days' }),
    revenueLast7Days: z.number().meta({ description: 'Rupees of paid bookings made within the last 7 days' }),
  }),
  sameDayLastWeek: z
    .object({
      date: z.iso
        .date()
        .meta({ description: 'The cinema day a week ago (YYYY-MM-DD), same weekday as today' }),
      today: dayFigures,
      lastWeek: dayFigures,
    })
    .meta({
      description:
        'Today so far against the same weekday last week up to the same time of day (shows: the whole day), ' +
        'on the cinema’s clock: what the cards compare.',
    }),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
export const dashboardResponse = ok({ dashboardData: dashboardDataSchema });
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * GET /api/admin/bookings?q=&status=&movieId=&date=&page=&pageSize=
 * `q` matches the booking id, the buyer's name or email, and the movie title. Bookings carry
 * `user.email`. GET /api/admin/bookings.csv takes the same filters and answers text/csv.
 */
export const adminBookingsResponse = ok({ bookings: z.array(bookingSchema), ...pageFields });
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponse>;

/** A show as staff see it in List Shows: the public show plus what was sold. */
export const adminShowSchema = showWith(
  movieSchema.pick({ _id: true, title: true, poster: true, languages: true }),
).extend({
  seatsSold: z.number().int().meta({ description: 'Seats in paid bookings' }),
  seatsHeld: z.number().int().meta({ description: 'Seats in pending (unexpired) bookings' }),
  bookingCount: z
    .number()
    .int()
    .meta({ description: 'Bookings of any state; a show with any cannot be deleted' }),
});
export type AdminShow = z.infer<typeof adminShowSchema>;
/** GET /api/admin/shows?movieId=&date=YYYY-MM-DD&status=active|sold-out|cancelled|past&page=&pageSize= */
export const adminShowsResponse = ok({ shows: z.array(adminShowSchema), ...pageFields });
export type AdminShowsResponse = z.infer<typeof adminShowsResponse>;

/** POST /api/shows (spec §3 payload). `time` is 'h:mm AM/PM' or 'HH:mm' in the cinema's zone. */
export type CreateShowsRequest = z.input<typeof createShowsInput>;
export const createShowsResponse = ok({ shows: z.array(showSchema) });
export type CreateShowsResponse = z.infer<typeof createShowsResponse>;

/**
 * PUT /api/shows/{id}: any of price (rupees, ≥ 1), date + time (both, the cinema's zone, not in
 * the past), total seats (1–500, keeping every held or sold seat on the map).
 */
export type UpdateShowRequest = z.input<typeof updateShowInput>;
export const updateShowResponse = ok({ show: showSchema });

/** GET /api/shows/{id}/paid-bookings: how many buyers a move of the show will email. */
export const showPaidBookingsResponse = ok({
  paidBookings: z
    .number()
    .int()
    .meta({ description: 'Paid bookings of the show, each emailed once on a move' }),
});
export type ShowPaidBookingsResponse = z.infer<typeof showPaidBookingsResponse>;

/** POST /api/shows/{id}/cancel: the show and its live bookings are cancelled, paid ones refunded. */
export const cancelShowResponse = ok({
  show: showSchema,
  cancelledBookings: z.number().int(),
  refundedBookings: z.number().int(),
});
export type CancelShowResponse = z.infer<typeof cancelShowResponse>;

/** GET /api/admin/audit?action=&page=&pageSize= */
export const auditEntrySchema = z.object({
  _id: uuid,
  action: z.string().meta({ examples: ['show.cancel'] }),
  entityType: z.string(),
  entityId: z.string().nullable(),
  entityName: z
    .string()
    .nullable()
    .meta({
      description:
        "What a person calls the entity: a show as 'Kantara, Fri, 27 Nov, 7:00 PM, Screen 1' (the cinema's " +
        "clock), a movie's title, a user's name and email, a booking's reference; null once it is deleted",
    }),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: instant,
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditResponse = ok({ entries: z.array(auditEntrySchema), ...pageFields });
export type AuditResponse = z.infer<typeof auditResponse>;

/**
 * POST /api/movies (staff): the add form of spec §3, capitalised as spelled. Title and Year are
 * required, Poster must be an http(s) URL; the rest are optional strings. `trailer_link` and
 * `featured` (the hero carousel) are Marquee's own additions.
 */
export type CreateMovieRequest = z.input<typeof createMovieInput>;
export const createMovieResponse = ok({ movie: movieSchema });
export type CreateMovieResponse = z.infer<typeof createMovieResponse>;
export type UpdateMovieRequest = z.input<typeof updateMovieInput>;

/** GET /api/admin/is-admin: what the admin area's guard asks. */
export const isAdminResponse = ok({ isAdmin: z.boolean() });
export type IsAdminResponse = z.infer<typeof isAdminResponse>;

/** GET /api/shows/check-timeslot?movieId=&date=&time= */
export const timeslotResponse = ok({ available: z.boolean() });
export type TimeslotResponse = z.infer<typeof timeslotResponse>;
export type UpdateShowResponse = z.infer<typeof updateShowResponse>;

export const refundStatusSchema = z.enum(refundStatuses);

/** GET /api/admin/refunds: money owed back, newest first, with what the gateway last said. */
export const adminRefundSchema = z
  .object({
    _id: z.string(),
    booking: z
      .string()
      .nullable()
      .meta({ description: 'The booking refunded; null for a captured payment that matched no booking' }),
    reference: z.string().nullable(),
    gateway: z.string(),
    paymentRef: z.string(),
    amount: z.number().meta({ description: 'Rupees' }),
    reason: z.string(),
    status: refundStatusSchema,
    attempts: z.number().int(),
    lastError: z
      .string()
      .nullable()
      .meta({ description: "The gateway's reason for the last failed attempt" }),
    nextAttemptAt: z.string().nullable(),
    gatewayRef: z.string().nullable(),
    createdAt: z.string(),
    succeededAt: z.string().nullable(),
  })
  .meta({ id: 'AdminRefund' });
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundsResponse = ok({ refunds: z.array(adminRefundSchema) });
export type AdminRefundsResponse = z.infer<typeof adminRefundsResponse>;

/** POST /api/admin/refunds/{id}/retry: the refund's state after one more attempt. */
export const retryRefundResponse = ok({ status: refundStatusSchema });
export type RetryRefundResponse = z.infer<typeof retryRefundResponse>;

/**
 * One way money and seats disagree (CONTRACT §4), as GET /api/admin/reconciliation and
 * `npm run reconcile` report it. Amounts in paise.
 */
export const discrepancySchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('captured-unsettled'),
      paymentId: z.string(),
      bookingId: z.string(),
      reference: z.string(),
      bookingStatus: bookingStatusSchema,
      gateway: z.string(),
      ref: z.string(),
      amountPaise: z.number().int(),
    }),
    z.object({
      kind: z.literal('paid-without-seats'),
      bookingId: z.string(),
      reference: z.string(),
      showId: z.string(),
      showStatus: z.string(),
      liveSeats: z.number().int(),
      seats: z.number().int(),
    }),
    z.object({
      kind: z.literal('refund-overdue'),
      refundId: z.string(),
      status: refundStatusSchema,
      since: z.string(),
      lastError: z.string().nullable(),
      amountPaise: z.number().int(),
      bookingId: z.string().nullable(),
      reference: z.string().nullable(),
    }),
  ])
  .meta({ id: 'Discrepancy' });
export type Discrepancy = z.infer<typeof discrepancySchema>;
export const reconciliationResponse = ok({ discrepancies: z.array(discrepancySchema) });
export type ReconciliationResponse = z.infer<typeof reconciliationResponse>;
