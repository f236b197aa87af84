import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readSelection, writeSelection, type Selection } from './selection-params.ts';
import { toggleSeat, withoutOccupied } from './seat-state.ts';

/**
 * The date → show → seats choice of the booking page. Each step clears the ones after it
 * (spec §2): a new date clears the show and seats, a new show clears the seats. Occupied seats
 * follow the show, since they are fetched per show.
 *
 * The choice lives in the page's address (?date=…&show=…&seats=…), replaced in place: a reload
 * keeps it, and so does the way through sign-in and sign-up, which return to this address.
 */
export function useBookingSelection({
  defaultDate,
  maxSeats,
}: {
  defaultDate: string | null;
  maxSeats: number;
}) {
  const [params, setParams] = useSearchParams();
  const selection = readSelection(params, maxSeats);
  const date = selection.date ?? defaultDate;

  const update = useCallback(
    (change: (current: Selection) => Selection) =>
      setParams((current) => writeSelection(current, change(readSelection(current, maxSeats))), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams, maxSeats],
  );
  // Stable, so an effect that drops seats someone else took need not re-run for every render.
  const dropSeats = useCallback(
    (seatIds: readonly string[]) =>
      update((current) => ({ ...current, seats: current.seats.filter((seat) => !seatIds.includes(seat)) })),
    [update],
  );

  return {
    date,
    showId: selection.showId,
    seats: selection.seats,
    chooseDate(next: string) {
      update(() => ({ date: next, showId: null, seats: [] }));
    },
    chooseShow(showId: string) {
      update((current) => ({ date: current.date ?? date, showId, seats: [] }));
    },
    /**
     * Adds or removes a seat; false when it was refused because the selection is full. Seats
     * taken by someone else meanwhile are dropped first, so they never count towards the limit.
     */
    toggleSeat(seatId: string, occupied: ReadonlySet<string>): boolean {
      const result = toggleSeat(withoutOccupied(selection.seats, occupied), seatId, maxSeats);
      if (result.isOverLimit) return false;
      update((current) => ({ ...current, date: current.date ?? date, seats: result.seats }));
      return true;
    },
    /**
     * The address of this page with `seatId` chosen too: where a signed-out visitor who clicked
     * it comes back to after signing in.
     */
    addressWithSeat(pathname: string, seatId: string): string {
      const seats = toggleSeat(selection.seats, seatId, maxSeats).seats;
      const next = writeSelection(params, { ...selection, date, seats });
      return `${pathname}?${next.toString()}`;
    },
    /** Takes seats out of the selection (someone else has just taken them). */
    dropSeats,
    /** After a booking is created (spec §4: selections are cleared then). */
    clearSeats() {
      update((current) => ({ ...current, seats: [] }));
    },
  };
}
