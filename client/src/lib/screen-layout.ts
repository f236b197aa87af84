/**
 * The screen layout of CONTRACT §7 as the client reads it: the shared shapes and rules, plus what
 * only the client needs (the seats answer's screen fields, per-class subtotals).
 */
import { amountFor, layoutClasses, priceOfClass, rupeesToPaise, type Layout } from '@marquee/shared';

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

/** Class → price in paise, from the API's rupees: the one place the booking page leaves rupees. */
export function pricesInPaise(prices: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(prices).map(([cls, rupees]) => [cls, rupeesToPaise(rupees)]));
}

export interface ClassSubtotal {
  seatClass: string;
  seats: string[];
  pricePaise: number;
  subtotalPaise: number;
}

/**
 * Each class's seats of a selection with their price and subtotal in paise, in the layout's class
 * order, and the total (amountFor, the sum the server charges). Integers throughout.
 */
export function selectionAmount(
  layout: Layout,
  pricesPaise: Readonly<Record<string, number>>,
  seats: readonly string[],
): { subtotals: ClassSubtotal[]; totalPaise: number } {
  const classOf = new Map<string, string>();
  for (const { seats: row } of layout.rows)
    for (const seat of row) if (seat) classOf.set(seat.id, seat.class);
  const subtotals = layoutClasses(layout).flatMap((seatClass) => {
    const mine = seats.filter((id) => classOf.get(id) === seatClass);
    const pricePaise = priceOfClass(pricesPaise, seatClass) ?? 0;
    return mine.length
      ? [{ seatClass, seats: mine, pricePaise, subtotalPaise: amountFor(layout, pricesPaise, mine) }]
      : [];
  });
  return {
    subtotals,
    totalPaise: amountFor(
      layout,
      pricesPaise,
      subtotals.flatMap(({ seats }) => seats),
    ),
  };
}
