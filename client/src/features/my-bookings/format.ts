import { formatDate, formatDayOf } from '@marquee/shared';

/** A show date in the app's short ('Wed, 25 Nov') or long ('Wednesday, 25 November 2026') form. */
export function showDateLabel(date: string, form: 'short' | 'long' = 'short'): string {
  return formatDate(date, form);
}

/** The day a booking was made, on the cinema's calendar (`timeZone`: CINEMA_TIMEZONE), short form. */
export function bookedOnLabel(createdAt: string, timeZone: string): string {
  return formatDayOf(createdAt, timeZone, 'short');
}

/** '3 seats' / '1 seat'. */
export function seatCount(count: number): string {
  return `${count} ${count === 1 ? 'seat' : 'seats'}`;
}
