import {
  MAX_SEATS_PER_BOOKING,
  ok,
  admissionsResponse,
  bookingResponse,
  checkInResponse,
  doorBookingsResponse,
  doorShowsResponse,
  usersResponse,
  setRoleRequest,
  setRoleResponse,
  shareLinkResponse,
  sharedTicketResponse,
  ticketResponse,
} from '@marquee/shared';
import { z } from 'zod';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

/** POST /api/checkin: what the door's camera read, or what a person typed. */
const partyCount = z
  .number({ message: 'count is a number of people' })
  .int('count is a whole number of people')
  .min(1, 'count is at least 1')
  .max(MAX_SEATS_PER_BOOKING, `count is at most ${MAX_SEATS_PER_BOOKING}`)
  .optional()
  .meta({ description: 'Admit this many of the party now (the rest later); left out: everyone still out' });

export const checkInInput = z
  .union(
    [
      z.object({
        // Longer than any code the app issues: not one of its tickets (CONTRACT §6's words).
        code: z
          .string()
          .trim()
          .min(1)
          .max(500, 'Invalid ticket')
          .meta({ description: "The ticket's QR code" }),
        count: partyCount,
      }),
      z.object({
        reference: z
          .string()
          .trim()
          .min(1)
          .max(40, 'Invalid ticket')
          .meta({ description: 'The booking reference' }),
        count: partyCount,
      }),
    ],
    { message: 'Send the scanned code or the typed reference' },
  )
  .meta({ examples: [{ reference: 'MQ-7KX2P9' }, { reference: 'MQ-7KX2P9', count: 2 }] });

/** GET /api/admin/users?q=&page=&pageSize= */
export const usersQuery = z.object({
  q: z.string().trim().max(200).optional().meta({ description: 'Part of the name or email' }),
  page: z.coerce.number().int().min(1, 'page counts from 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'pageSize is at most 200').default(50),
});

const door = ['Tickets and door'];
const crossSite = 'a cookie call from another site';

/** Tickets, the door and user administration as /api/openapi.json describes them. */
export const admissionDocs = {
  collect: routeSchema({
    tags: ['Food and drink'],
    summary: 'Mark a paid booking’s food and drink handed over, once',
    description: 'Check-in first is not needed. Again: 409 `Already collected at h:mm AM/PM` (cinema time).',
    auth: 'staff',
    params: idParam('id', "The booking's id"),
    ok: bookingResponse,
    errors: {
      404: 'Booking not found',
      409: 'Already collected at h:mm AM/PM; the booking is not paid; it has no items',
    },
  }),
  ticket: routeSchema({
    tags: door,
    summary: "A paid booking's ticket (its owner, or staff)",
    auth: 'user',
    params: idParam('id', "The booking's id"),
    ok: ticketResponse,
    errors: {
      403: 'Not your booking',
      404: 'Booking not found',
      409: 'No ticket: the booking is not paid, or was cancelled or refunded',
    },
  }),
  share: routeSchema({
    tags: door,
    summary: "A link to the booking's ticket that opens without an account (the buyer only)",
    description:
      'The same link until revoked. It opens the ticket (QR code, show, seats, food) and nothing else, ' +
      'until the show ends.',
    auth: 'user',
    params: idParam('id', "The booking's id"),
    ok: shareLinkResponse,
    errors: {
      403: 'Not your booking',
      404: 'Booking not found',
      409: 'Not a paid booking, or the show has ended',
    },
  }),
  unshare: routeSchema({
    tags: door,
    summary: 'Revoke the share link: every link given so far stops working (the buyer only)',
    auth: 'user',
    params: idParam('id', "The booking's id"),
    ok: ok({}),
    errors: { 403: 'Not your booking', 404: 'Booking not found' },
  }),
  shared: routeSchema({
    tags: door,
    summary: 'A shared ticket, for whoever holds the link (no account)',
    auth: 'public',
    params: idParam('token', 'The token of the share link'),
    ok: sharedTicketResponse,
    errors: {
      404: 'The link was revoked, the show ended, or the link is not one of ours',
      409: 'The booking was cancelled or refunded',
      429: 'Too many requests from this address',
    },
  }),
  checkIn: routeSchema({
    tags: door,
    summary: 'Admit a booking at the door (by its QR code or its reference)',
    auth: 'staff',
    body: checkInInput,
    ok: checkInResponse,
    errors: {
      400: 'Not a ticket of this cinema',
      403: `Staff only, or ${crossSite}`,
      409:
        'Already checked in, doors not open yet, another day’s show, a cancelled show, more people ' +
        'than are still to come in, or not a paid booking; `show` beside the message says which show',
    },
  }),
  doorShows: routeSchema({
    tags: door,
    summary: "Today's shows with seats sold and admitted",
    description:
      'The cinema calendar’s today, and a show that began before midnight while it is still running.',
    auth: 'staff',
    ok: doorShowsResponse,
  }),
  doorBookings: routeSchema({
    tags: door,
    summary: "A show's live bookings as the door sees them",
    description:
      'Only for a show on the door’s list (today’s shows, and one from before midnight while it runs), ' +
      'and only what the door needs: no amounts, payment links or refunds.',
    auth: 'staff',
    params: idParam('showId', "The show's id"),
    ok: doorBookingsResponse,
    errors: { 404: 'Show not found, or not among today’s shows' },
  }),
  users: routeSchema({
    tags: ['Admin'],
    summary: 'Accounts with their roles and last sign-in, by name, paged',
    auth: 'admin',
    querystring: usersQuery,
    ok: usersResponse,
  }),
  setRole: routeSchema({
    tags: ['Accounts'],
    summary: "Set a user's roles (answered by this app, not better-auth; audited)",
    description:
      '`role` is one of user, staff, admin, or a list of them. An admin cannot drop their own admin role.',
    auth: 'admin',
    body: setRoleRequest,
    ok: setRoleResponse,
    errors: {
      400: 'role is one of user, staff, admin — or: You cannot remove your own admin role',
      403: `Admins only, or ${crossSite}`,
      404: 'User not found',
      409: 'At least one admin must remain (another admin was demoted at the same moment)',
    },
  }),
  admissions: routeSchema({
    tags: ['Admin'],
    summary: "Today's check-ins, for the dashboard",
    auth: 'admin',
    ok: admissionsResponse,
  }),
};
