import { formatTimeOfDay, toZonedParts } from './time.ts';

/**
 * The app's one way of writing dates: a short form ('Tue, Nov 24') where space is tight (date
 * buttons, cards, tables) and a long form ('Tuesday, November 24, 2026') where a date is read
 * on its own (summaries, details, the payment page). Times read as show times do: '7:30 PM'.
 */
export type DateForm = 'short' | 'long';

// A show date is a calendar day in the cinema's zone already (YYYY-MM-DD): it is read as UTC
// midnight and written in UTC, so no viewer's own zone can move it to a neighbouring day.
const dayFormats: Record<DateForm, Intl.DateTimeFormat> = {
  short: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }),
  long: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }),
};

/** A cinema-calendar date (YYYY-MM-DD) in the short or long form; anything else as given. */
export function formatDate(date: string, form: DateForm = 'short'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return dayFormats[form].format(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant on the cinema's clock: 'Tue, Nov 24, 8:42 PM' (short) or the long date and time. */
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
