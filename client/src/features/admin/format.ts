const showDateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 'Wed, 2 Jan 2030' from a cinema-calendar date (YYYY-MM-DD), whatever the browser's zone. */
export function formatShowDate(date: string): string {
  // Assembled from parts: locales differ on the commas between them.
  const parts: Record<string, string> = {};
  for (const part of showDateFormat.formatToParts(new Date(`${date}T00:00:00Z`)))
    parts[part.type] = part.value;
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** '2 Jan 2030, 7:30 pm' on the cinema's clock. */
export function formatInstant(iso: string, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    instantFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** The page number a list's address asks for: a whole number from 1, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
