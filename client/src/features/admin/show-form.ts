import {
  formatTimeOfDay,
  MAX_TOTAL_SEATS,
  parseTimeOfDay,
  priceOfClass,
  toZonedParts,
} from '@marquee/shared';
import { hasTiming, countTimings, type ShowDraft } from './show-draft.ts';
import { showMessages } from './messages.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Fields of the Add Show form, in the order they appear (the first error gets the focus). */
export const showFormFields = ['movie', 'showPrice', 'totalSeats', 'dateTime'] as const;
export type ShowFormField = (typeof showFormFields)[number];

export interface ShowFormValues {
  movie: string;
  showPrice: string;
  totalSeats: string;
}

export const DEFAULT_TOTAL_SEATS = 100;
export const pastTimeMessage = 'Please select a date and time in the future';

/** A price in rupees of at least ₹1, in whole paise. */
export function isValidPrice(text: string): boolean {
  if (text.trim() === '') return false;
  const value = Number(text);
  return Number.isFinite(value) && value >= 1 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A whole number of seats from 1 to the map's limit (500). */
export function isValidTotalSeats(text: string): boolean {
  if (text.trim() === '') return false;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_TOTAL_SEATS;
}

/**
 * Spec §5, checked on submit in the form's order. On a chosen screen the layout decides the seats
 * (no Total Seats), and a screen of several classes has a price per class instead of one.
 */
export function validateShowForm(
  values: ShowFormValues,
  draft: ShowDraft,
  { hasScreen = false, hasClassPrices = false } = {},
): FieldErrors<ShowFormField> {
  const errors: FieldErrors<ShowFormField> = {};
  if (!values.movie) errors.movie = showMessages.movieRequired;
  if (!hasClassPrices && !isValidPrice(values.showPrice)) errors.showPrice = showMessages.invalidPrice;
  if (!hasScreen && !isValidTotalSeats(values.totalSeats)) errors.totalSeats = showMessages.invalidTotalSeats;
  if (countTimings(draft) === 0) errors.dateTime = showMessages.noTimings;
  return errors;
}

export function firstError<F extends string>(order: readonly F[], errors: FieldErrors<F>): F | undefined {
  return order.find((field) => errors[field]);
}

const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A datetime-local value ('2030-01-02T19:30') as the cinema's date and 12-hour time
 * ({date: '2030-01-02', time: '7:30 PM'}). The value is a wall-clock reading with no zone: it is
 * taken as the cinema's calendar, which is how the server reads the pair.
 */
export function readDateTimeLocal(value: string): { date: string; time: string } | null {
  const match = DATE_TIME_LOCAL.exec(value.trim());
  if (!match) return null;
  const minutes = parseTimeOfDay(match[2]!);
  if (minutes === null) return null;
  return { date: match[1]!, time: formatTimeOfDay(minutes) };
}

/** The datetime-local value of a show's date and 12-hour time (to prefill an edit). */
export function toDateTimeLocal(date: string, time: string): string {
  const minutes = parseTimeOfDay(time) ?? 0;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${date}T${hh}:${mm}`;
}

/** Now on the cinema's wall clock, as a datetime-local value: the input's minimum. */
export function cinemaNow(now: Date, timeZone: string): string {
  const { date, minutes } = toZonedParts(now, timeZone);
  return toDateTimeLocal(date, formatTimeOfDay(minutes));
}

export type NewTimingCheck =
  { ok: true; date: string; time: string } | { ok: false; field: 'movie' | 'dateTime'; message: string };

/** What the Add Time button checks before it asks the server whether the slot is free. */
export function checkNewTiming({
  movie,
  dateTime,
  draft,
  min,
}: {
  movie: string;
  dateTime: string;
  draft: ShowDraft;
  /** `cinemaNow()`: datetime-local values compare correctly as text. */
  min: string;
}): NewTimingCheck {
  if (!movie) return { ok: false, field: 'movie', message: showMessages.movieFirst };
  const picked = readDateTimeLocal(dateTime);
  if (!picked) return { ok: false, field: 'dateTime', message: showMessages.dateTimeRequired };
  if (dateTime.slice(0, 16) <= min) return { ok: false, field: 'dateTime', message: pastTimeMessage };
  if (hasTiming(draft, picked.date, picked.time)) {
    return { ok: false, field: 'dateTime', message: showMessages.duplicateTiming };
  }
  return { ok: true, ...picked };
}

/** The first class whose price is not a valid price, with what to say; null when all are. */
export function invalidClassPrice(
  classes: readonly string[],
  prices: Readonly<Record<string, string>>,
): { seatClass: string; message: string } | null {
  const seatClass = classes.find((name) => !isValidPrice(priceOfClass(prices, name) ?? ''));
  return seatClass === undefined
    ? null
    : { seatClass, message: `Please enter a valid price for ${seatClass}` };
}
