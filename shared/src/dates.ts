import { formatTimeOfDay, toZonedParts } from './time.ts';

/**
 * The app's one way of writing dates, the Indian way round (day before month): a short form
 * ('Fri, 27 Nov') where space is tight (date buttons, cards, tables) and a long form
 * ('Friday, 27 November 2026') where a date is read on its own (summaries, details, tickets,
 * invoices, emails). Times read as show times do: '7:30 PM' (CONTRACT §3 fixes that spelling).
 * What the API sends stays YYYY-MM-DD: only what people read is written here.
 */
export type DateForm = 'short' | 'long';

// Written out by hand rather than by Intl: 'en-IN' spells September 'Sept' in some ICU versions
// and not in others, and the server, the browser and the tests must all write the same.
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A cinema-calendar date (YYYY-MM-DD) in the short or long form; anything else as given. */
export function formatDate(date: string, form: DateForm = 'short'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  // A show date is a calendar day in the cinema's zone already: read as UTC midnight, so no
  // viewer's own zone can move it to a neighbouring day.
  const at = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(at.getTime()) || at.getUTCMonth() !== m - 1) return date;
  const weekday = weekdays[at.getUTCDay()]!;
  const month = months[m - 1]!;
  return form === 'short'
    ? `${weekday.slice(0, 3)}, ${d} ${month.slice(0, 3)}`
    : `${weekday}, ${d} ${month} ${y}`;
}

/** The month and year of a cinema-calendar date or month (YYYY-MM[-DD]): 'November 2026'. */
export function formatMonth(date: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(date);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : date;
}

/** An instant on the cinema's clock: 'Tue, 24 Nov, 8:42 PM' (short) or the long date and time. */
export function formatDateTime(iso: string, timeZone: string, form: DateForm = 'short'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { date, minutes } = toZonedParts(instant, timeZone);
  return `${formatDate(date, form)}, ${formatTimeOfDay(minutes)}`;
}

/** The cinema-calendar day of an instant, in the short or long form. */
export function formatDayOf(iso: string, timeZone: string, form: DateForm = 'short'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return formatDate(toZonedParts(instant, timeZone).date, form);
}

/** The time of day of an instant on the cinema's clock: '7:02 PM'. */
export function formatTimeAt(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return formatTimeOfDay(toZonedParts(instant, timeZone).minutes);
}
