import { addDays } from '@marquee/shared';

// The date is a calendar day already (YYYY-MM-DD in the cinema's zone), so it is read as a UTC
// midnight and formatted in UTC: no visitor's own time zone can shift it by a day.
const weekdayMonthDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

function utcMidnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'Today', 'Tomorrow' or 'Wed, Nov 25' for a show date, relative to today in the cinema's zone. */
export function dateLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return weekdayMonthDay.format(utcMidnight(date));
}

/** 'Wednesday, November 25' — the long form, for places with room to spell it out. */
export function longDateLabel(date: string): string {
  return utcMidnight(date).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
}

/** Each calendar date that has a show, once, earliest first (ISO dates sort as text). */
export function distinctShowDates(shows: readonly { showDate: string }[]): string[] {
  return [...new Set(shows.map((show) => show.showDate))].sort();
}

/** Today when it has shows (the spec's default), otherwise the first date that has any. */
export function defaultShowDate(dates: readonly string[], today: string): string | null {
  if (dates.includes(today)) return today;
  return dates[0] ?? null;
}
