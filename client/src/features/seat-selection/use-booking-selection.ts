import { compareSeats } from '@marquee/shared';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readSelection, writeSelection, type Selection } from './selection-params.ts';
import { toggleSeat, withoutOccupied } from './seat-state.ts';

const splitSeats = (key: string) => (key ? key.split(',') : []);

/**
 * The date → show → seats choice of the booking page. Each step clears the ones after it
 * (spec §2): a new date clears the show and seats, a new show clears the seats. Occupied seats
 * follow the show, since they are fetched per show.
 *
 * The choice lives in the page's address (?date=…&show=…&seats=…), replaced in place: a reload
 * keeps it, and so does the way through sign-in and sign-up, which return to this address.
 *
 * Seats are chosen many times a visit, so they are this page's own state, written into the address
 * after the paint with `history.replaceState` rather than by a router navigation: a navigation
 * renders the whole route tree and, the first time, costs a slow phone some 50 ms of the seat's
 * response (issue 17, docs/benchmarks.md). The router's idea of the address then lacks the seats;
 * `address()` gives the page's address as it is.
 */
export function useBookingSelection({
  defaultDate,
  maxSeats,
}: {
  defaultDate: string | null;
  maxSeats: number;
}) {
  const [params, setParams] = useSearchParams();
  const fromAddress = readSelection(params, maxSeats);
  const date = fromAddress.date ?? defaultDate;
  // The seats chosen here for a show; a show chosen through the router starts from its address.
  const [chosen, setChosen] = useState({ showId: fromAddress.showId, seats: fromAddress.seats });
  const seats = chosen.showId === fromAddress.showId ? chosen.seats : fromAddress.seats;
  const selection: Selection = { ...fromAddress, seats };
  // What the address says: with seats chosen, the date they were chosen on too.
  const written = (chosenSeats: string[]): Selection => ({
    ...fromAddress,
    date: chosenSeats.length ? (fromAddress.date ?? date) : fromAddress.date,
    seats: chosenSeats,
  });

  const seatsKey = seats.join(',');
  useEffect(() => {
    const url = new URL(window.location.href);
    const next = writeSelection(url.searchParams, written(splitSeats(seatsKey)));
    if (next.toString() === url.searchParams.toString()) return;
    url.search = next.toString();
    // The router's history entry (its state) stays as it is: only the address changes.
    window.history.replaceState(window.history.state, '', url);
    // Written when the seats change; a date or show the router changes, the router writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seatsKey]);

  /** A new date or show, through the router; it clears the seats. */
  const choose = (next: Omit<Selection, 'seats'>) => {
    setChosen({ showId: next.showId, seats: [] });
    setParams((current) => writeSelection(current, { ...next, seats: [] }), {
      replace: true,
      preventScrollReset: true,
    });
  };
  const showId = fromAddress.showId;
  const addressSeats = fromAddress.seats.join(',');
  const changeSeats = useCallback(
    (change: (current: string[]) => string[]) =>
      setChosen((current) => ({
        showId,
        // A show the router has just changed starts from the seats its address holds.
        seats: change(current.showId === showId ? current.seats : splitSeats(addressSeats)),
      })),
    [showId, addressSeats],
  );
  // Stable, so an effect that drops seats someone else took need not re-run for every render.
  const dropSeats = useCallback(
    (seatIds: readonly string[]) =>
      changeSeats((current) => current.filter((seat) => !seatIds.includes(seat))),
    [changeSeats],
  );

  const address = (pathname: string, chosenSeats: string[]) => {
    const search = writeSelection(params, written(chosenSeats)).toString();
    return search ? `${pathname}?${search}` : pathname;
  };

  return {
    date,
    showId: selection.showId,
    seats: selection.seats,
    chooseDate(next: string) {
      choose({ date: next, showId: null });
    },
    chooseShow(next: string) {
      choose({ date: fromAddress.date ?? date, showId: next });
    },
    /**
     * Adds or removes a seat; false when it was refused because the selection is full. Seats
     * taken by someone else meanwhile are dropped first, so they never count towards the limit.
     */
    toggleSeat(seatId: string, occupied: ReadonlySet<string>): boolean {
      const result = toggleSeat(withoutOccupied(selection.seats, occupied), seatId, maxSeats);
      if (result.isOverLimit) return false;
      changeSeats(() => result.seats);
      return true;
    },
    /**
     * The address of this page with `seatId` chosen too: where a signed-out visitor who clicked
     * it comes back to after signing in.
     */
    addressWithSeat(pathname: string, seatId: string): string {
      return address(pathname, toggleSeat(seats, seatId, maxSeats).seats);
    },
    /** The address of this page as it is, seats included: the way back from sign-in. */
    address: (pathname: string) => address(pathname, seats),
    /** Puts these seats in place of the selection (best available's pick, shown before booking). */
    replaceSeats(next: readonly string[]) {
      changeSeats(() => [...next].sort(compareSeats).slice(0, maxSeats));
    },
    /** Takes seats out of the selection (someone else has just taken them). */
    dropSeats,
    /** After a booking is created (spec §4: selections are cleared then). */
    clearSeats() {
      changeSeats(() => []);
    },
  };
}
