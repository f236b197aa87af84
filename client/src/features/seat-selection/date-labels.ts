import { addDays, formatDate } from '@marquee/shared';

/** 'Today', 'Tomorrow' or 'Wed, 25 Nov' for a show date, relative to today in the cinema's zone. */
export function dateLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return formatDate(date, 'short');
}

/** 'Wednesday, 25 November 2026': the app's long form, for places with room to spell it out. */
export function longDateLabel(date: string): string {
  return formatDate(date, 'long');
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
