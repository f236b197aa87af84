import type { Booking } from '@marquee/shared';
import { useNow } from '../../lib/use-now.ts';
import { useUserBookings } from './api/get-user-bookings.ts';
import { describeCountdown, formatCountdown, timeLeftMs } from './countdown.ts';

export interface HeldBooking {
  booking: Booking;
  /** What is left of the payment window, e.g. '9:30', and the same in words for screen readers. */
  timeLeft: string;
  spokenTimeLeft: string;
}

/**
 * The signed-in buyer's own booking of `showId` that is waiting for payment, while its window
 * is open, with the time left ticking; null when there is none. The shared seat map shows these
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

export function useHeldBooking(showId: string | null, isSignedIn: boolean): HeldBooking | null {
  const bookings = useUserBookings(isSignedIn);
  const list = isSignedIn ? (bookings.data?.bookings ?? []) : [];
  const hasPending = list.some((booking) => booking.show._id === showId && booking.status === 'pending');
  const now = useNow(hasPending);
  const booking = pickHeldBooking(list, showId, now);
  if (!booking) return null;
  const ms = timeLeftMs(booking.expiresAt, now);
  return { booking, timeLeft: formatCountdown(ms), spokenTimeLeft: describeCountdown(ms) };
}
