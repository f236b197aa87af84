import { useCallback, useState } from 'react';
import { toggleSeat, withoutOccupied } from './seat-state.ts';

interface Selection {
  /** The date the visitor picked; undefined until they pick one, so the default can follow data. */
  date: string | null | undefined;
  showId: string | null;
  seats: string[];
}

const nothingChosen: Selection = { date: undefined, showId: null, seats: [] };

/**
 * The date → show → seats choice of the booking page. Each step clears the ones after it
 * (spec §2): a new date clears the show and seats, a new show clears the seats. Occupied seats
 * follow the show, since they are fetched per show.
 */
export function useBookingSelection({
  defaultDate,
  maxSeats,
}: {
  defaultDate: string | null;
  maxSeats: number;
}) {
  const [selection, setSelection] = useState<Selection>(nothingChosen);
  const date = selection.date === undefined ? defaultDate : selection.date;
  // Stable, so an effect that drops seats someone else took need not re-run for every render.
  const dropSeats = useCallback((seatIds: readonly string[]) => {
    setSelection((current) => ({
      ...current,
      seats: current.seats.filter((seat) => !seatIds.includes(seat)),
    }));
  }, []);

  return {
    date,
    showId: selection.showId,
    seats: selection.seats,
    chooseDate(next: string) {
      setSelection({ date: next, showId: null, seats: [] });
    },
    chooseShow(showId: string) {
      setSelection((current) => ({ date: current.date ?? date, showId, seats: [] }));
    },
    /**
     * Adds or removes a seat; false when it was refused because the selection is full. Seats
     * taken by someone else meanwhile are dropped first, so they never count towards the limit.
     */
    toggleSeat(seatId: string, occupied: ReadonlySet<string>): boolean {
      const result = toggleSeat(withoutOccupied(selection.seats, occupied), seatId, maxSeats);
      if (result.isOverLimit) return false;
      setSelection((current) => ({ ...current, seats: result.seats }));
      return true;
    },
    /** Takes seats out of the selection (someone else has just taken them). */
    dropSeats,
    /** After a booking is created (spec §4: selections are cleared then). */
    clearSeats() {
      setSelection((current) => ({ ...current, seats: [] }));
    },
  };
}
