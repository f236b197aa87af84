import { type AdminShow, type UpdateShowRequest } from '@marquee/shared';
import {
  isValidPrice,
  isValidTotalSeats,
  readDateTimeLocal,
  toDateTimeLocal,
  type FieldErrors,
} from './show-form.ts';
import { showMessages } from './messages.ts';

export const editShowFields = ['showPrice', 'dateTime', 'totalSeats'] as const;
export type EditShowField = (typeof editShowFields)[number];

export interface EditShowValues {
  showPrice: string;
  dateTime: string;
  totalSeats: string;
}

export const noChangesMessage = 'Nothing has changed';

export function editShowDefaults(show: AdminShow): EditShowValues {
  return {
    showPrice: String(show.showPrice),
    dateTime: toDateTimeLocal(show.showDate, show.showTime),
    totalSeats: String(show.totalSeats),
  };
}

export type EditShowOutcome =
  { ok: true; request: UpdateShowRequest } | { ok: false; errors: FieldErrors<EditShowField | 'form'> };

/**
 * Checks the edit dialog and builds PUT /api/shows/{id} from what changed only, so an untouched
 * start is never re-sent (the server refuses a start in the past, even the show's own).
 */
export function buildShowUpdate(show: AdminShow, values: EditShowValues): EditShowOutcome {
  const errors: FieldErrors<EditShowField> = {};
  if (!isValidPrice(values.showPrice)) errors.showPrice = showMessages.invalidPrice;
  const start = readDateTimeLocal(values.dateTime);
  if (!start) errors.dateTime = showMessages.dateTimeRequired;
  if (!isValidTotalSeats(values.totalSeats)) errors.totalSeats = showMessages.invalidTotalSeats;
  if (Object.keys(errors).length > 0 || !start) return { ok: false, errors };

  const request: UpdateShowRequest = {};
  if (Number(values.showPrice) !== show.showPrice) request.showPrice = Number(values.showPrice);
  if (start.date !== show.showDate || start.time !== show.showTime) {
    request.showDate = start.date;
    request.showTime = start.time;
  }
  if (Number(values.totalSeats) !== show.totalSeats) request.totalSeats = Number(values.totalSeats);
  if (Object.keys(request).length === 0) return { ok: false, errors: { form: noChangesMessage } };
  return { ok: true, request };
}
