import { formatDate, formatDayOf } from '@marquee/shared';

// Bookings are made in the cinema's calendar; its zone unless a caller knows better.
const cinemaTimeZone = 'Asia/Kolkata';

/** A show date in the app's short ('Wed, Nov 25') or long ('Wednesday, November 25, 2026') form. */
export function showDateLabel(date: string, form: 'short' | 'long' = 'short'): string {
  return formatDate(date, form);
}

/** The day a booking was made, on the cinema's calendar, in the app's short form. */
export function bookedOnLabel(createdAt: string, timeZone = cinemaTimeZone): string {
  return formatDayOf(createdAt, timeZone, 'short');
}

/** '3 seats' / '1 seat'. */
export function seatCount(count: number): string {
  return `${count} ${count === 1 ? 'seat' : 'seats'}`;
}
