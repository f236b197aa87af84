import { DEFAULT_SCREEN_ID, filmLanguages, type AdminShow, type UpdateShowRequest } from '@marquee/shared';
import {
  isValidPrice,
  isValidTotalSeats,
  readDateTimeLocal,
  toDateTimeLocal,
  type FieldErrors,
} from './show-form.ts';
import { showMessages } from './messages.ts';

export interface EditShowValues {
  /** Class → the price field's text. */
  prices: Record<string, string>;
  dateTime: string;
  totalSeats: string;
  /** The language it plays in ('' while not stated). */
  language: string;
  format: string;
}

export const noChangesMessage = 'Nothing has changed';

export interface PriceField {
  /** The control's name, for focusing it. */
  name: string;
  label: string;
  seatClass: string;
}

/**
 * The price fields of a show: the spec's one "Show Price" for a show in one class, else one per
 * class, cheapest first (PUT /api/shows takes every class's price, CONTRACT §7).
 */
export function priceFields(show: AdminShow): PriceField[] {
  const classes = Object.keys(show.prices).sort(
    (a, b) => show.prices[a]! - show.prices[b]! || a.localeCompare(b),
  );
  if (classes.length === 1) return [{ name: 'showPrice', label: 'Show Price (₹)', seatClass: classes[0]! }];
  return classes.map((seatClass) => ({
    name: `price-${seatClass}`,
    label: `${seatClass} price (₹)`,
    seatClass,
  }));
}

/** Only a show on the default screen has a size of its own; any other has its screen's map. */
export function hasOwnSize(show: AdminShow): boolean {
  return show.screen._id === DEFAULT_SCREEN_ID;
}

export function editShowDefaults(show: AdminShow): EditShowValues {
  return {
    prices: Object.fromEntries(Object.entries(show.prices).map(([cls, price]) => [cls, String(price)])),
    dateTime: toDateTimeLocal(show.showDate, show.showTime),
    totalSeats: String(show.totalSeats),
    language: show.language ?? '',
    format: show.format,
  };
}

/** The languages a show of this film may play in: the film's, or any known one while it names none. */
export function languageChoices(show: AdminShow): readonly string[] {
  const choices: readonly string[] = show.movie.languages.length ? show.movie.languages : filmLanguages;
  return show.language && !choices.includes(show.language) ? [show.language, ...choices] : choices;
}

/**
 * Why the language and format cannot be changed (the server's 409 in the same words), or null:
 * they are what buyers chose the show by, so they are fixed once a seat is held or sold.
 */
export function versionLockedReason(show: AdminShow): string | null {
  return show.seatsSold + show.seatsHeld > 0 ? showMessages.versionLocked : null;
}

/** Whether the values move the show to another start: what its paid buyers are emailed about. */
export function isMove(show: AdminShow, values: EditShowValues): boolean {
  const start = readDateTimeLocal(values.dateTime);
  return start !== null && (start.date !== show.showDate || start.time !== show.showTime);
}

export type EditShowOutcome =
  { ok: true; request: UpdateShowRequest } | { ok: false; errors: FieldErrors<string> };

/**
 * Checks the edit dialog and builds PUT /api/shows/{id} from what changed only, so an untouched
 * start is never re-sent (the server refuses a start in the past, even the show's own).
 */
export function buildShowUpdate(show: AdminShow, values: EditShowValues): EditShowOutcome {
  const errors: FieldErrors<string> = {};
  const fields = priceFields(show);
  for (const { name, seatClass } of fields) {
    if (isValidPrice(values.prices[seatClass] ?? '')) continue;
    errors[name] =
      fields.length === 1 ? showMessages.invalidPrice : `Please enter a valid price for ${seatClass}`;
  }
  const start = readDateTimeLocal(values.dateTime);
  if (!start) errors.dateTime = showMessages.dateTimeRequired;
  if (hasOwnSize(show) && !isValidTotalSeats(values.totalSeats)) {
    errors.totalSeats = showMessages.invalidTotalSeats;
  }
  if (Object.keys(errors).length > 0 || !start) return { ok: false, errors };

  const request: UpdateShowRequest = {};
  const prices = Object.fromEntries(
    fields.map(({ seatClass }) => [seatClass, Number(values.prices[seatClass])]),
  );
  if (fields.some(({ seatClass }) => prices[seatClass] !== show.prices[seatClass])) {
    if (fields.length === 1) request.showPrice = prices[fields[0]!.seatClass]!;
    else request.prices = prices;
  }
  if (isMove(show, values)) {
    request.showDate = start.date;
    request.showTime = start.time;
  }
  if (hasOwnSize(show) && Number(values.totalSeats) !== show.totalSeats) {
    request.totalSeats = Number(values.totalSeats);
  }
  if (values.language && values.language !== (show.language ?? '')) request.language = values.language;
  if (values.format !== show.format) request.format = values.format;
  if (Object.keys(request).length === 0) return { ok: false, errors: { form: noChangesMessage } };
  return { ok: true, request };
}

/** What the dialog tells the manager before a move is saved; null when nobody has paid. */
export function buyersNotice(paidBookings: number, isMoving: boolean): string | null {
  if (paidBookings === 0) return null;
  const bookings = `${paidBookings} paid booking${paidBookings === 1 ? '' : 's'}`;
  return isMoving
    ? `${bookings} will be emailed about this change, with the new time and an updated calendar file.`
    : `${bookings}: moving the show emails ${paidBookings === 1 ? 'its buyer' : 'each buyer'}.`;
}
