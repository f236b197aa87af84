import { formatDate, formatDateTime, formatRupees, lowestPrice } from '@marquee/shared';

/** A show date in admin lists: the app's short form ('Wed, 2 Jan'). */
export function formatShowDate(date: string): string {
  return formatDate(date, 'short');
}

/** An instant on the cinema's clock in the app's short form ('Wed, 2 Jan, 1:30 AM'). */
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

/** A show's prices as List Shows gives them: '₹150' for one class, '₹150–₹400' across classes. */
export function formatPriceRange(prices: Record<string, number>, fallback: number): string {
  const values = Object.values(prices);
  if (!values.length) return formatRupees(fallback);
  const [low, high] = [lowestPrice(values), Math.max(...values)];
  return low === high ? formatRupees(low) : `${formatRupees(low)}–${formatRupees(high)}`;
}

/** Where a show's bookings are listed: the Bookings page filtered by the show (and its day). */
export function showBookingsPath(show: { _id: string; showDate: string }): string {
  return `/admin/bookings?${new URLSearchParams({ date: show.showDate, show: show._id }).toString()}`;
}
