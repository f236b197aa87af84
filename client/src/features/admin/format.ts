import { formatDate, formatDateTime } from '@marquee/shared';

/** A show date in admin lists: the app's short form ('Wed, Jan 2'). */
export function formatShowDate(date: string): string {
  return formatDate(date, 'short');
}

/** An instant on the cinema's clock in the app's short form ('Wed, Jan 2, 1:30 AM'). */
export function formatInstant(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone, 'short');
}

/** The page number a list's address asks for: a whole number from 1, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
