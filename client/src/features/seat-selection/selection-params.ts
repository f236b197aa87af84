import { compareSeats, isIsoDate, isSeatId } from '@marquee/shared';
import { selectionParams } from '../../lib/booking-address.ts';

export interface Selection {
  /** The date the visitor picked; null until they pick one, so the default can follow data. */
  date: string | null;
  showId: string | null;
  seats: string[];
}

const showIdPattern = /^[\w-]{1,64}$/;

/**
 * The booking choice kept in an address. Whatever the address says is only a wish: a seat that
 * is not a seat, a duplicate or more than `maxSeats` are left out, and the page still checks the
 * date and show against the programme and the seats against what is taken.
 */
export function readSelection(params: URLSearchParams, maxSeats: number): Selection {
  const date = params.get(selectionParams.date);
  const showParam = params.get(selectionParams.show);
  const showId = showParam && showIdPattern.test(showParam) ? showParam : null;
  const seats = [...new Set((params.get(selectionParams.seats) ?? '').split(',').filter(isSeatId))]
    .sort(compareSeats)
    .slice(0, maxSeats);
  return {
    date: date && isIsoDate(date) ? date : null,
    showId,
    // Seats belong to a show: without one they mean nothing.
    seats: showId ? seats : [],
  };
}

/** The address's other parameters, with the selection written over them. */
export function writeSelection(params: URLSearchParams, selection: Selection): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of [
    [selectionParams.date, selection.date],
    [selectionParams.show, selection.showId],
    [selectionParams.seats, selection.seats.join(',')],
  ] as const) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
