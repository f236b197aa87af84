import type { ShowBooking as Booking } from '@marquee/shared';
import { timeLeftMs } from './countdown.ts';

/**
 * The signed-in buyer's own booking of `showId` that is waiting for payment, while its window
 * is open; null when there is none. The shared seat map shows these
 * seats as booked to everyone (it is one answer for all); this is how the buyer's own page tells
 * them apart, from the buyer's own list of bookings (issue 34).
 */
export function pickHeldBooking(
  bookings: readonly Booking[],
  showId: string | null,
  now: number,
): Booking | null {
  if (!showId) return null;
  return (
    bookings.find(
      (booking) =>
        booking.show._id === showId &&
        booking.status === 'pending' &&
        booking.paymentLink !== null &&
        timeLeftMs(booking.expiresAt, now) > 0,
    ) ?? null
  );
}
