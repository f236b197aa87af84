/** The bookings feature's public entry: what other features use of holds, seat rules and cancels. */
export { cancelBooking } from './cancel-booking.ts';
export { findBookings } from './queries.ts';
export { openCheckout } from './create-booking.ts';
export { completeExchange, exchangeBooking, exchangeRefusal } from './exchange-booking.ts';
export { holdSeats, SeatsTakenError, type Hold } from './hold-seats.ts';
export { pickBestAvailable, readShowSeats } from './layout-rules.ts';
export { releaseExpiredHolds } from './release-expired.ts';
