import {
  closeShiftRequest,
  counterBookingResponse,
  counterBookingsResponse,
  counterPhoneQuery,
  counterRefundRequest,
  counterRefundResponse,
  counterSaleRequest,
  counterSaleResponse,
  currentShiftResponse,
  openShiftRequest,
  shiftResponse,
  shiftsQuery,
  shiftsResponse,
} from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Box office'];

/** The box office's routes as /api/openapi.json describes them (CONTRACT §11). */
export const boxOfficeDocs = {
  openShift: routeSchema({
    tags,
    summary: 'Open a shift with the cash float in the drawer',
    auth: 'staff',
    body: openShiftRequest,
    ok: { status: 201, schema: shiftResponse },
    errors: { 409: 'You already have an open shift' },
  }),
  currentShift: routeSchema({
    tags,
    summary: 'The caller’s open shift with its figures so far, or null',
    auth: 'staff',
    ok: currentShiftResponse,
  }),
  shifts: routeSchema({
    tags,
    summary: 'The shifts opened on the cinema days from–to, with their cash-ups and totals',
    description:
      'Every cashier’s shifts for an admin, one’s own for staff; the latest first. `from` alone: the week from it; `to` alone: the week to it; neither: the week to today. At most 92 days. `format=csv`: the same figures as a spreadsheet, one line a shift and a total line.',
    auth: 'staff',
    querystring: shiftsQuery,
    ok: shiftsResponse,
    errors: { 400: 'from must not be after to' },
  }),
  oneShift: routeSchema({
    tags,
    summary: 'A shift and its cash-up (its owner; admins any)',
    auth: 'staff',
    params: idParam('id', 'The shift id'),
    ok: shiftResponse,
    errors: { 404: 'No such shift' },
  }),
  closeShift: routeSchema({
    tags,
    summary: 'Close a shift with the cash counted: the cash-up',
    description:
      'Sales before refunds, by method; `expectedCash` = float + cash sales − cash refunds; `variance` = counted − expected. A closed shift never changes.',
    auth: 'staff',
    params: idParam('id', 'The shift id'),
    body: closeShiftRequest,
    ok: shiftResponse,
    errors: { 404: 'No such shift', 409: 'The shift is already closed' },
  }),
  sell: routeSchema({
    tags,
    summary: 'Sell seats, or food and drink on its own, at the counter: a paid booking with channel counter',
    description:
      'Through the same seat hold as online bookings; staff may sell held-back wheelchair spaces. Cash: `change` = tendered − total. Card and UPI need a `reference`. `complimentary: true` (admins) gives the seats at ₹0. Without `showId` and `selectedSeats`, `items` are sold on their own: a booking with `show: null`, stock claimed as online (409 `Only {n} {name} left`).',
    auth: 'staff',
    body: counterSaleRequest,
    ok: { status: 201, schema: counterSaleResponse },
    errors: {
      403: 'Not staff, or a comp by someone who is not an admin',
      404: 'No such show',
      409: 'No open shift (`Open a shift first`), seats taken (the message names them), or not enough of an item left',
    },
  }),
  refund: routeSchema({
    tags,
    summary: 'Cancel a paid booking at the counter and pay it back',
    description:
      'A counter sale goes back the way it was paid, in the refunder’s shift; an online booking is refunded through its gateway, by the cancellation policy (or `refundAmount` staff choose, up to what was paid).',
    auth: 'staff',
    body: counterRefundRequest,
    ok: counterRefundResponse,
    errors: { 404: 'No such booking', 409: 'No open shift, or already refunded, or not paid' },
  }),
  byPhone: routeSchema({
    tags,
    summary: 'Find bookings by mobile number: the account that carries it, and counter sales to it',
    auth: 'staff',
    querystring: counterPhoneQuery,
    ok: counterBookingsResponse,
  }),
  byReference: routeSchema({
    tags,
    summary: 'Find any booking by its reference, to show, reprint or refund',
    auth: 'staff',
    params: idParam('reference', 'The booking reference'),
    ok: counterBookingResponse,
    errors: { 404: 'No booking has that reference' },
  }),
};
