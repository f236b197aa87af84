/**
 * 'Sun, 22 Nov' for a calendar date (YYYY-MM-DD), the Indian way round, worked out here from the
 * platform's own names rather than with the app's code (shared/src/dates.ts).
 */
export function indianShortDate(date: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('weekday')}, ${part('day')} ${part('month')}`;
}
