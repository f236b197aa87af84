import type { ShowBooking as Booking } from '@marquee/shared';
import { useNow } from '../../lib/use-now.ts';
import { useUserBookings } from './api/get-user-bookings.ts';
import { describeCountdown, formatCountdown, timeLeftMs } from './countdown.ts';
import { pickHeldBooking } from './held-booking.ts';

export interface HeldBooking {
  booking: Booking;
  /** What is left of the payment window, e.g. '9:30', and the same in words for screen readers. */
  timeLeft: string;
  spokenTimeLeft: string;
}

/** The buyer's booking of the show waiting for payment (pickHeldBooking), its time left ticking. */
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
