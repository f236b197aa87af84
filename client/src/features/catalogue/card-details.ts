import { formatDate, formatRupees } from '@marquee/shared';

// The spec's rating for cards when a movie has none yet (the detail page says N/A instead).
export const defaultCardRating = 8;

// The spec: a card names at most two dates and counts the rest.
export const maxCardDates = 2;

/** '8.7', or '8.0' for a movie without a rating: always one decimal. */
export function formatCardRating(rating: number | null | undefined): string {
  return (rating ?? defaultCardRating).toFixed(1);
}

/** 'Sun, 22 Nov' for '2026-11-22': the app's short date form. */
export function formatShowDate(date: string): string {
  return formatDate(date, 'short');
}

export interface DatesSummary {
  /** Up to `maxCardDates` labels, earliest first. */
  labels: string[];
  /** How many further distinct dates there are ('+N more'); 0 when none. */
  moreCount: number;
}

/** The first distinct show dates as labels and how many more there are. */
export function summarizeShowDates(dates: readonly string[], max = maxCardDates): DatesSummary {
  // ISO dates sort as text; duplicates would otherwise be counted twice in '+N more'.
  const distinct = [...new Set(dates)].sort();
  return {
    labels: distinct.slice(0, max).map(formatShowDate),
    moreCount: Math.max(0, distinct.length - max),
  };
}

/** '5 shows available', '1 show available', or 'No shows available'. */
export function formatShowCount(count: number): string {
  if (count <= 0) return 'No shows available';
  return `${count} ${count === 1 ? 'show' : 'shows'} available`;
}

/** The lowest ticket price among shows that can still be booked; null when none can. */
export function lowestShowPrice(shows: readonly { showPrice: number; status: string }[]): number | null {
  const prices = shows.filter((show) => show.status === 'active').map((show) => show.showPrice);
  return prices.length ? Math.min(...prices) : null;
}

/** 'From ₹180' per ticket, or null when no show can be booked. */
export function formatFromPrice(lowest: number | null): string | null {
  return lowest === null ? null : `From ${formatRupees(lowest)}`;
}
