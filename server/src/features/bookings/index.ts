/** The bookings feature's public entry: what other features use of holds, seat rules and cancels. */
export { cancelAndRefund, cancelBooking, type CancelRequest } from './cancel-booking.ts';
export { openCheckout } from './create-booking.ts';
export {
  completeExchange,
  exchangeAndRefund,
  exchangeBooking,
  exchangeLateReasons,
  exchangeRefusal,
} from './exchange-booking.ts';
export { holdSeats, SeatsTakenError, type Hold } from './hold-seats.ts';
export { pickBestAvailable, readShowSeats } from './layout-rules.ts';
export { releaseExpiredHolds } from './release-expired.ts';
export { createBooking } from './create-booking.ts';
export { startExpirySweeper } from './expiry-sweeper.ts';
export { validateSeatRequest } from './hold-seats.ts';
export { KnownSeats, type SeatRulesConfig, holdChosenSeats } from './layout-rules.ts';
export { type BookingFilter, countBookings, findBookings } from './queries.ts';
export { bookingRoutes } from './routes.ts';
