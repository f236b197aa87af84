import { compareSeats, isBookableFor, strandedSeat, type Layout } from '@marquee/shared';

/**
 * `held`: a wheelchair space or companion seat kept for wheelchair users (CONTRACT §7).
 * `mine`: taken by this buyer's own booking that waits for payment (issue 34).
 */
export type SeatState = 'available' | 'selected' | 'booked' | 'held' | 'mine';

/**
 * A booked seat stays booked even if a stale selection still lists it; a taken seat of the buyer's
 * own waiting booking is theirs rather than someone else's.
 */
export function seatState(
  seatId: string,
  occupied: ReadonlySet<string>,
  selected: ReadonlySet<string>,
  held: ReadonlySet<string> = new Set(),
  mine: ReadonlySet<string> = new Set(),
): SeatState {
  if (occupied.has(seatId)) return mine.has(seatId) ? 'mine' : 'booked';
  if (selected.has(seatId)) return 'selected';
  if (held.has(seatId)) return 'held';
  return 'available';
}

export interface SeatNameDetails {
  /** Said only on a map of more than one class. */
  seatClass?: string;
  kind?: 'seat' | 'wheelchair' | 'companion';
}

const kindNames = { seat: '', wheelchair: 'wheelchair space', companion: 'companion seat' } as const;
const stateNames: Record<SeatState, string> = {
  available: 'available',
  selected: 'selected',
  booked: 'booked',
  held: 'held for wheelchair users',
  mine: 'held for you, waiting for payment',
};

/**
 * What a screen reader announces for a seat: its id (the seat's visible label, so it comes first),
 * then its state, then what else sets it apart ("A1, available", "C4, available, Recliner,
 * wheelchair space").
 */
export function seatAccessibleName(seatId: string, state: SeatState, details: SeatNameDetails = {}): string {
  return [seatId, stateNames[state], details.seatClass, kindNames[details.kind ?? 'seat']]
    .filter(Boolean)
    .join(', ');
}

export interface SeatToggle {
  seats: string[];
  /** True when the seat was not added because the selection is already full. */
  isOverLimit: boolean;
}

/** Adds or removes a seat, keeping the selection in map order and within `max` seats. */
export function toggleSeat(selected: readonly string[], seatId: string, max: number): SeatToggle {
  if (selected.includes(seatId)) {
    return { seats: selected.filter((seat) => seat !== seatId), isOverLimit: false };
  }
  if (selected.length >= max) return { seats: [...selected], isOverLimit: true };
  return { seats: [...selected, seatId].sort(compareSeats), isOverLimit: false };
}

/** The selection minus seats someone else has taken since it was made. */
export function withoutOccupied(selected: readonly string[], occupied: ReadonlySet<string>): string[] {
  return selected.filter((seat) => !occupied.has(seat));
}

/** The selected seats that have become occupied: someone else took them while the map was open. */
export function seatsTakenFromSelection(
  selected: readonly string[],
  occupied: ReadonlySet<string>,
): string[] {
  return selected.filter((seat) => occupied.has(seat));
}

/** What the visitor is told when seats they had selected are taken ('Seat C4 was just taken…'). */
export function seatsTakenMessage(seats: readonly string[]): string {
  if (seats.length === 1) return `Seat ${seats[0]} was just taken by someone else`;
  const list = `${seats.slice(0, -1).join(', ')} and ${seats.at(-1)}`;
  return `Seats ${list} were just taken by someone else`;
}

/**
 * The seat a selection would leave on its own, pointed at before Book as the server would refuse
 * it (the same rule and the same view of held-back seats); null when the cinema has the rule off.
 */
export function strandedPreview(
  layout: Layout,
  occupied: ReadonlySet<string>,
  selected: readonly string[],
  rules: { gapRule: boolean; needsWheelchair: boolean; released: boolean },
): string | null {
  if (!rules.gapRule) return null;
  return strandedSeat(layout, occupied, selected, {
    isBookable: isBookableFor(layout, { accessible: rules.needsWheelchair, released: rules.released }),
  });
}
