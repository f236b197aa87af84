import {
  bookingResponse,
  cancelBookingRequest,
  cancellationQuoteResponse,
  bookingsResponse,
  createBookingRequest,
  createBookingResponse,
  exchangeBookingRequest,
  exchangeBookingResponse,
  userBookingsQuery,
} from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Bookings'];
const bookingId = idParam('id', "The booking's id");

const cancel = (reading: string) =>
  routeSchema({
    tags,
    summary: `Cancel a booking (spec §7, ${reading})`,
    description:
      'Spec §7 names both readings, and both work alike: `PUT /api/bookings/{id}/cancel` and ' +
      '`DELETE /api/bookings/{id}`. The seats are released at once; a paid booking is refunded. ' +
      'Cancelling again answers 200 with "Booking already cancelled". The owner, staff or an admin; ' +
      'a buyer cannot cancel once the booking has been admitted at the door, nor a paid booking past ' +
      'the last tier of `settings.cancellation.tiers` (what comes back follows the tiers: CONTRACT §13), ' +
      'nor an unpaid one once the show has started. Staff and admins may cancel at any time and choose ' +
      '`refundAmount` (rupees, 0 up to what was paid; left out, the policy’s amount); staff cancelling an ' +
      'admitted booking must give a `reason`.',
    auth: 'user',
    params: bookingId,
    body: cancelBookingRequest.optional(),
    ok: bookingResponse,
    errors: {
      403: 'Not your booking, or a cookie call from another site',
      400:
        'The show has already started (a buyer, unpaid), a buyer sent refundAmount, refundAmount is not ' +
        'from 0 to what was paid, or staff gave no reason for an admitted booking',
      404: 'Booking not found',
      409: 'The booking has been admitted at the door, or is past the last tier of the policy (a buyer)',
    },
  });

/** The bookings routes as /api/openapi.json describes them (routes.ts attaches each). */
export const bookingDocs = {
  create: routeSchema({
    tags,
    summary: 'Hold seats for a show and open its payment',
    description:
      'Holds the seats for the payment window (GET /api/config → `paymentWindowSeconds`) and answers ' +
      'the payment page `url`. Unpaid holds are limited per account and per show (409).',
    auth: 'user',
    body: createBookingRequest,
    ok: createBookingResponse,
    errors: {
      400: 'No seats, more than 8, a seat not on the map, or the show is not bookable',
      403: "userId is someone else's, or a cookie call from another site",
      404: 'Show not found',
      409:
        'Seats already booked (the message names them); or the account already has an unpaid booking for ' +
        'this show (`bookingId` and `url` say which) or UNPAID_BOOKINGS_LIMIT unpaid bookings in all',
      413: 'Request body is too large',
    },
  }),
  cancellation: routeSchema({
    tags,
    summary: 'What cancelling a booking now would give back (CONTRACT §13)',
    description:
      'The cancellation policy applied to this booking at this moment: whether its buyer may cancel, ' +
      'the refund (rupees, rounded down to the paisa) and percent, and `until`, when the current tier ends. ' +
      'The owner, staff or an admin.',
    auth: 'user',
    params: bookingId,
    ok: cancellationQuoteResponse,
    errors: { 403: 'Not your booking', 404: 'Booking not found' },
  }),
  exchange: routeSchema({
    tags,
    summary: 'Change a paid booking to other seats or another show (CONTRACT §13)',
    description:
      'As many seats as the booking has, of its show or another, checked as any hold is (the seat map, ' +
      'the gap rule, wheelchair spaces, the show running). Allowed until the first tier of ' +
      '`settings.cancellation.tiers` ends for the show the booking leaves. Cheaper or equal: done at once, ' +
      'the difference refunded in full. Dearer: the new seats are held for the payment window and `url` is ' +
      'the payment page for the difference; the old seats stay the booking’s until it is paid, and if it is ' +
      'not, nothing changes. The booking keeps its `_id` and reference; its old ticket code no longer admits; ' +
      'its invoice is cancelled by a credit note and a new one issued. The owner only.',
    auth: 'user',
    params: bookingId,
    body: exchangeBookingRequest,
    ok: exchangeBookingResponse,
    errors: {
      400: 'Not as many seats as the booking has, the same seats, a seat not on the map, or the show is not bookable',
      403: 'Not your booking, or a cookie call from another site',
      404: 'Booking or show not found',
      409:
        'The booking is not paid, was sold at the box office, was admitted, is past the first tier, has a ' +
        'difference waiting for payment, or a seat is taken (the message names it)',
    },
  }),
  cancelPut: cancel("the store's reading"),
  cancelDelete: cancel("the page's reading"),
  mine: routeSchema({
    tags,
    summary: "The caller's bookings, newest first (spec §7, the store's reading)",
    description:
      'Live bookings (pending and paid) unless `status=all` (CONTRACT §8). Spec §7 names two readings: ' +
      'this one, and `GET /api/bookings/user/{userId}` (the page’s), which answer alike.',
    auth: 'user',
    querystring: userBookingsQuery,
    ok: bookingsResponse,
  }),
  ofUser: routeSchema({
    tags,
    summary: "A user's bookings (spec §7, the page's reading): the caller's own, or any for an admin",
    auth: 'user',
    params: idParam('userId', "The user's id"),
    querystring: userBookingsQuery,
    ok: bookingsResponse,
    errors: { 403: "Another user's bookings (admins only)" },
  }),
  one: routeSchema({
    tags,
    summary: 'One booking (its owner, or an admin)',
    auth: 'user',
    params: bookingId,
    ok: bookingResponse,
    errors: { 403: 'Not your booking', 404: 'Booking not found' },
  }),
};
