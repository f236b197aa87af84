/**
 * The screen layout of CONTRACT §7 as the client reads it. Stand-in until shared/ exports the
 * same shapes and rules (SCREENS-API.md); then this file re-exports them.
 */
import { rowLabel } from '@marquee/shared';

export type SeatKind = 'seat' | 'wheelchair' | 'companion';
export interface LayoutSeat {
  id: string;
  class: string;
  kind: SeatKind;
}
export interface LayoutRow {
  row: string;
  seats: (LayoutSeat | null)[];
}
export interface Layout {
  rows: LayoutRow[];
}

/** The spec's map: rows of 12 seats of one class, the last row possibly short. */
export function gridLayout(totalSeats: number, cls = 'Standard'): Layout {
  const rows: LayoutRow[] = [];
  for (let start = 0, index = 0; start < totalSeats; start += 12, index++) {
    const row = rowLabel(index);
    const count = Math.min(12, totalSeats - start);
    rows.push({
      row,
      seats: Array.from({ length: count }, (_, i) => ({ id: `${row}${i + 1}`, class: cls, kind: 'seat' })),
    });
  }
  return { rows };
}

export function seatIds(layout: Layout): string[] {
  return layout.rows.flatMap(({ seats }) => seats.flatMap((seat) => (seat ? [seat.id] : [])));
}

/** The class names of a layout in the order they first appear (front to back). */
export function layoutClasses(layout: Layout): string[] {
  const names = new Set<string>();
  for (const { seats } of layout.rows) for (const seat of seats) if (seat) names.add(seat.class);
  return [...names];
}

/**
 * The seat a booking of `chosen` would leave on its own (CONTRACT §7): a free seat with a taken
 * seat on one side and a taken seat, a gap or the row's end on the other, that the booking made so.
 * The server has the last word (it also knows the rule's exception); this points at the seat early.
 */
export function strandedSeat(
  layout: Layout,
  taken: ReadonlySet<string>,
  chosen: readonly string[],
): string | null {
  if (chosen.length === 0) return null;
  const mine = new Set(chosen);
  const isTaken = (id: string) => taken.has(id) || mine.has(id);
  for (const { seats } of layout.rows) {
    for (const [index, seat] of seats.entries()) {
      if (!seat || isTaken(seat.id)) continue;
      const left = seats[index - 1];
      const right = seats[index + 1];
      const leftBlocked = !left || isTaken(left.id);
      const rightBlocked = !right || isTaken(right.id);
      const besideMine = (left && mine.has(left.id)) || (right && mine.has(right.id));
      if (leftBlocked && rightBlocked && besideMine) return seat.id;
    }
  }
  return null;
}

/** What the seats endpoint adds for screens (CONTRACT §7); absent from an older server. */
export interface ScreenSeatsFields {
  screen?: { _id: string; name: string };
  /** Class → rupees. */
  prices?: Record<string, number>;
  layout?: Layout;
  accessibleReleaseAt?: string | null;
}

/** Each class's seats of a selection with their subtotal in rupees, in the layout's class order. */
export function classSubtotals(
  layout: Layout,
  prices: Readonly<Record<string, number>>,
  seats: readonly string[],
): { seatClass: string; seats: string[]; price: number; subtotal: number }[] {
  const classOf = new Map<string, string>();
  for (const { seats: row } of layout.rows)
    for (const seat of row) if (seat) classOf.set(seat.id, seat.class);
  return layoutClasses(layout).flatMap((seatClass) => {
    const mine = seats.filter((id) => classOf.get(id) === seatClass);
    const price = prices[seatClass] ?? 0;
    // Paise, so ₹250.50 × 3 adds up exactly.
    return mine.length
      ? [{ seatClass, seats: mine, price, subtotal: Math.round(price * 100 * mine.length) / 100 }]
      : [];
  });
}
