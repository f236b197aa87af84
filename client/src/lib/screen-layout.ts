/**
 * The screen layout of CONTRACT §7 as the client reads it: the shared shapes and rules, plus what
 * only the client needs (the seats answer's screen fields, per-class subtotals).
 */
import { layoutClasses, priceOfClass, type Layout } from '@marquee/shared';

export {
  gridLayout,
  layoutClasses,
  seatIds,
  strandedSeat,
  type Layout,
  type LayoutRow,
  type LayoutSeat,
  type SeatKind,
} from '@marquee/shared';

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
    const price = priceOfClass(prices, seatClass) ?? 0;
    // Paise, so ₹250.50 × 3 adds up exactly.
    return mine.length
      ? [{ seatClass, seats: mine, price, subtotal: Math.round(price * 100 * mine.length) / 100 }]
      : [];
  });
}
