const TWELVE_HOUR = /^\s*(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?\s*$/;
const TWENTY_FOUR_HOUR = /^\s*(\d{1,2}):(\d{2})\s*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after midnight from '7:30 PM' or '19:30'; null when it is neither. */
export function parseTimeOfDay(text: string): number | null {
  const twelve = TWELVE_HOUR.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const pm = twelve[3]!.toUpperCase() === 'P';
    return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(text);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return null;
    return hour * 60 + minute;
  }
  return null;
}

/** '7:30 PM' from minutes after midnight. */
export function formatTimeOfDay(minutes: number): string {
  const hour24 = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** The calendar the app reckons in: four-digit years, each with a next day (9999-12-31 has none). */
const MIN_YEAR = 1000;
const MAX_YEAR = 9998;

/** True for a real calendar date written YYYY-MM-DD, in the years above. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A day whose next day is a date too: every window over a day (cinemaDay) ends at the next midnight.
  if (y < MIN_YEAR || y > MAX_YEAR) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

interface ZonedParts {
  date: string;
  minutes: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar date (YYYY-MM-DD) and minutes after midnight of an instant in a time zone. */
export function toZonedParts(instant: Date, timeZone: string): ZonedParts {
  const w = wallClock(instant, timeZone);
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return { date, minutes: w.hour * 60 + w.minute };
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  return toZonedParts(instant, timeZone).date;
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` at `minutes`.
 * Found by correcting a UTC guess with the zone's offset; a second pass settles DST edges.
 */
export function fromZonedParts(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += wanted - seen;
  }
  return new Date(guess);
}

/** YYYY-MM-DD of the day `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The cinema's day `date` as instants: from its midnight (inclusive) to the next midnight
 * (exclusive), on the wall clock of `timeZone`, so a day across a DST change is 23 or 25 hours
 * long. The one window every "shows of a day" and "today at the door" question uses.
 */
export function cinemaDay(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: fromZonedParts(date, 0, timeZone), end: fromZonedParts(addDays(date, 1), 0, timeZone) };
}
