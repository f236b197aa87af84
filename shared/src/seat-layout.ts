import { z } from 'zod';
import { MAX_TOTAL_SEATS, rowLabel, SEATS_PER_ROW } from './seats.ts';

/**
 * A screen's layout (CONTRACT §7): rows lettered from the front, each a list of positions that are
 * a seat or a gap (`null`). Seat numbers count seats only, so a gap takes no number. A show keeps a
 * snapshot of this shape, which is why every rule here is a pure function of the layout it is given.
 */
export const seatKinds = ['seat', 'wheelchair', 'companion'] as const;
export type SeatKind = (typeof seatKinds)[number];

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

/** A layout as the API answers it: canonical, every row lettered and every seat named. */
export const layoutAnswerSchema = z
  .object({
    rows: z.array(
      z.object({
        row: z.string(),
        seats: z.array(
          z
            .object({ id: z.string(), class: z.string(), kind: z.enum(seatKinds) })
            .nullable()
            .meta({ description: 'A seat, or null for a gap (an aisle)' }),
        ),
      }),
    ),
  })
  .meta({
    id: 'Layout',
    description: 'Rows lettered from the front; seat numbers count seats only, so a gap takes no number',
  });

export const MAX_LAYOUT_ROWS = 26;
export const MAX_ROW_POSITIONS = 30;
export const MAX_SEAT_CLASSES = 5;
export const MAX_CLASS_NAME = 20;

const seatInputSchema = z.object({
  id: z.string().optional(),
  class: z
    .string()
    .trim()
    .min(1, 'Every seat needs a class')
    .max(MAX_CLASS_NAME, `A class name is at most ${MAX_CLASS_NAME} characters`),
  kind: z
    .enum(seatKinds, { message: 'A seat is a seat, a wheelchair space or a companion seat' })
    .default('seat'),
});

const rowInputSchema = z.object({
  row: z.string().optional(),
  seats: z
    .array(seatInputSchema.nullable())
    .min(1, 'Every row needs at least one position')
    .max(MAX_ROW_POSITIONS, `A row has at most ${MAX_ROW_POSITIONS} positions`),
});

/** Letters the rows and numbers the seats: the only ids a layout ever carries. */
function canonicalLayout(rows: { seats: ({ class: string; kind: SeatKind } | null)[] }[]): Layout {
  return {
    rows: rows.map((input, index) => {
      const row = rowLabel(index);
      let number = 0;
      return {
        row,
        seats: input.seats.map((seat) =>
          seat ? { id: `${row}${++number}`, class: seat.class, kind: seat.kind } : null,
        ),
      };
    }),
  };
}

/** The first rule a layout breaks, or null: at least one seat, 1–5 classes, companions beside a wheelchair. */
export function layoutProblem(layout: Layout): string | null {
  const classes = layoutClasses(layout);
  if (classes.length === 0) return 'A screen needs at least one seat';
  // Rows × positions allow more, but a show has at most MAX_TOTAL_SEATS seats (the shows table agrees).
  if (allSeats(layout).length > MAX_TOTAL_SEATS) return `A screen has at most ${MAX_TOTAL_SEATS} seats`;
  if (classes.length > MAX_SEAT_CLASSES) return `A screen has at most ${MAX_SEAT_CLASSES} seat classes`;
  // A class is priced by name in a JSON object, and JSON parsers refuse a `__proto__` key.
  if (classes.includes('__proto__')) return 'A seat class cannot be named __proto__';
  for (const { seats } of layout.rows) {
    for (const [position, seat] of seats.entries()) {
      if (seat?.kind !== 'companion') continue;
      const beside = [seats[position - 1], seats[position + 1]];
      if (!beside.some((other) => other?.kind === 'wheelchair')) {
        return `Companion seat ${seat.id} must sit right beside a wheelchair space`;
      }
    }
  }
  return null;
}

/**
 * A layout as an admin sends it: row letters and seat ids may be left out (they are assigned here,
 * whatever was sent), and the answer is always the canonical layout.
 */
export const layoutSchema = z
  .object({
    rows: z
      .array(rowInputSchema)
      .min(1, 'A screen has at least one row')
      .max(MAX_LAYOUT_ROWS, `A screen has at most ${MAX_LAYOUT_ROWS} rows`),
  })
  .transform(({ rows }) => canonicalLayout(rows))
  .superRefine((layout, ctx) => {
    const problem = layoutProblem(layout);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type LayoutInput = z.input<typeof layoutSchema>;

/** The spec's map (CONTRACT §4): rows of 12, lettered, the last row possibly short, one class. */
export function gridLayout(totalSeats: number, cls = 'Standard'): Layout {
  const rows: { seats: { class: string; kind: SeatKind }[] }[] = [];
  for (let start = 0; start < totalSeats; start += SEATS_PER_ROW) {
    const count = Math.min(SEATS_PER_ROW, totalSeats - start);
    rows.push({ seats: Array.from({ length: count }, () => ({ class: cls, kind: 'seat' as const })) });
  }
  return canonicalLayout(rows);
}

function allSeats(layout: Layout): LayoutSeat[] {
  return layout.rows.flatMap((row) => row.seats.filter((seat): seat is LayoutSeat => seat !== null));
}

/** Every seat id of a layout, front row first, left to right. */
export function seatIds(layout: Layout): string[] {
  return allSeats(layout).map((seat) => seat.id);
}

/** Each layout's seats by id, built on the first lookup (layouts are never changed once made). */
const seatsById = new WeakMap<Layout, Map<string, LayoutSeat>>();

/** The seat with this id, or undefined when the layout has none. */
export function findSeat(layout: Layout, seatId: string): LayoutSeat | undefined {
  let byId = seatsById.get(layout);
  if (!byId) {
    byId = new Map();
    for (const seat of allSeats(layout)) if (!byId.has(seat.id)) byId.set(seat.id, seat);
    seatsById.set(layout, byId);
  }
  return byId.get(seatId);
}

export function seatClassOf(layout: Layout, seatId: string): string | undefined {
  return findSeat(layout, seatId)?.class;
}

/** The classes of a layout in the order they first appear. */
export function layoutClasses(layout: Layout): string[] {
  return [...new Set(allSeats(layout).map((seat) => seat.class))];
}

/**
 * A class's price, or undefined when it has none. Class names are chosen by staff, so a plain
 * `prices[name]` would read `constructor` or `toString` from Object.prototype: only own keys count.
 */
export function priceOfClass<P>(prices: Readonly<Record<string, P>>, cls: string): P | undefined {
  return Object.hasOwn(prices, cls) ? prices[cls] : undefined;
}

/**
 * The amount of a set of seats: the sum of each seat's class price, in paise (integers in, integer
 * out: money is never a float). The booking page's total; the hold's SQL (marquee_hold_seats)
 * charges the same, which bookings.test.ts checks against this function.
 */
export function amountFor(
  layout: Layout,
  prices: Readonly<Record<string, number>>,
  ids: readonly string[],
): number {
  let total = 0;
  for (const id of ids) {
    const cls = seatClassOf(layout, id);
    const price = cls === undefined ? undefined : priceOfClass(prices, cls);
    if (price === undefined) throw new RangeError(`No price for seat ${id}`);
    total += price;
  }
  return total;
}

/**
 * The "from" price: the cheapest of a show's class prices (stored as the show's pricePaise), or
 * of a film's shows (the catalogue's lowestPrice). In whatever unit the prices are given.
 */
export function lowestPrice(prices: Readonly<Record<string, number>> | readonly number[]): number {
  return Math.min(...(Array.isArray(prices) ? prices : Object.values(prices)));
}

type Cell = 'gap' | 'taken' | 'free';

/**
 * Is a free seat stranded by its neighbours: both taken, gaps or row ends, and at least one taken?
 * A seat alone between two aisles was never sellable in pairs, so it is not stranded. Wheelchair
 * spaces and companion seats are sold one at a time by design and are never "stranded".
 */
function strands(seat: LayoutSeat | null | undefined, left: Cell, middle: Cell, right: Cell): boolean {
  if (middle !== 'free' || seat?.kind !== 'seat') return false;
  return left !== 'free' && right !== 'free' && (left === 'taken' || right === 'taken');
}

function isStranded(seats: (LayoutSeat | null)[], cells: Cell[], position: number): boolean {
  return strands(
    seats[position],
    cells[position - 1] ?? 'gap',
    cells[position]!,
    cells[position + 1] ?? 'gap',
  );
}

function rowCells(seats: (LayoutSeat | null)[], isTaken: (id: string) => boolean): Cell[] {
  return seats.map((seat) => (seat === null ? 'gap' : isTaken(seat.id) ? 'taken' : 'free'));
}

/** Seats of one row newly stranded once `chosen` are taken on top of `taken`. */
function newlyStranded(
  seats: (LayoutSeat | null)[],
  taken: ReadonlySet<string>,
  chosen: ReadonlySet<string>,
): string[] {
  const before = rowCells(seats, (id) => taken.has(id));
  const after = rowCells(seats, (id) => taken.has(id) || chosen.has(id));
  return seats.flatMap((seat, position) =>
    seat && isStranded(seats, after, position) && !isStranded(seats, before, position) ? [seat.id] : [],
  );
}

/**
 * Can `count` free seats of class `cls` in this row be chosen (with `fixed` also taken) so that no
 * seat is newly stranded? A left-to-right walk over the row that remembers only what the stranding
 * test needs (the last two cells and how many seats are chosen): every choice, not only blocks.
 */
function hasUnstrandingChoice(
  seats: (LayoutSeat | null)[],
  taken: ReadonlySet<string>,
  fixed: ReadonlySet<string>,
  cls: string,
  count: number,
  isChoosable: (id: string) => boolean,
): boolean {
  const before = rowCells(seats, (id) => taken.has(id));
  const base = rowCells(seats, (id) => taken.has(id) || fixed.has(id));
  const canChoose = seats.map(
    (seat, position) =>
      base[position] === 'free' && seat !== null && seat.class === cls && isChoosable(seat.id),
  );
  // States: chosen count, cell at position-1, cell at position (as decided).
  type State = { chosen: number; previous: Cell; current: Cell };
  const key = (s: State) => `${s.chosen}|${s.previous}|${s.current}`;
  const strandedAt = (position: number, left: Cell, middle: Cell, right: Cell) =>
    strands(seats[position], left, middle, right) && !isStranded(seats, before, position);
  let states = new Map<string, State>();
  const start = (current: Cell, chosen: number) => {
    const state: State = { chosen, previous: 'gap', current };
    states.set(key(state), state);
  };
  if (seats.length === 0) return count === 0;
  start(base[0]!, 0);
  if (canChoose[0]) start('taken', 1);
  for (let position = 1; position <= seats.length; position++) {
    const next = new Map<string, State>();
    const options: [Cell, number][] =
      position === seats.length
        ? [['gap', 0]]
        : [[base[position]!, 0], ...(canChoose[position] ? [['taken', 1] as [Cell, number]] : [])];
    for (const state of states.values()) {
      for (const [cell, added] of options) {
        const chosen = state.chosen + added;
        if (chosen > count) continue;
        if (strandedAt(position - 1, state.previous, state.current, cell)) continue;
        const successor = { chosen, previous: state.current, current: cell };
        next.set(key(successor), successor);
      }
    }
    states = next;
  }
  return [...states.values()].some((state) => state.chosen === count);
}

export interface SeatRuleOptions {
  /** Seats this buyer may book (held-back seats are not); by default every seat. */
  isBookable?: (seatId: string) => boolean;
}

/**
 * Whether a buyer may take a seat now, as the single-seat rule weighs their other choices: a plain
 * seat always; while held-back seats are not yet released, a wheelchair space only for a buyer who
 * needs one, and a companion seat not on its own (it goes with the space beside it). One rule for
 * the server's refusal and the booking page's preview.
 */
export function isBookableFor(
  layout: Layout,
  { accessible, released }: { accessible: boolean; released: boolean },
): (seatId: string) => boolean {
  return (seatId) => {
    const kind = findSeat(layout, seatId)?.kind;
    return released || kind === 'seat' || (kind === 'wheelchair' && accessible);
  };
}

/**
 * The single-seat rule (CONTRACT §7): the seat a booking of `chosen` would leave on its own, or
 * null. A free seat is stranded when the booking leaves it between two taken seats, or between a
 * taken seat and a gap or the row's end. The exception: in a row where no choice of the same
 * number of seats of that class avoids stranding, the booking stands.
 */
export function strandedSeat(
  layout: Layout,
  taken: ReadonlySet<string>,
  chosen: readonly string[],
  options: SeatRuleOptions = {},
): string | null {
  const chosenSet = new Set(chosen);
  const isBookable = options.isBookable ?? (() => true);
  for (const { seats } of layout.rows) {
    const inRow = seats.filter((seat): seat is LayoutSeat => seat !== null && chosenSet.has(seat.id));
    if (inRow.length === 0) continue;
    const stranded = newlyStranded(seats, taken, chosenSet);
    if (stranded.length === 0) continue;
    const classes = new Set(inRow.map((seat) => seat.class));
    // Each class's seats in this row could have been chosen otherwise; if any could avoid it, refuse.
    const avoidable = [...classes].some((cls) => {
      const ofClass = inRow.filter((seat) => seat.class === cls).map((seat) => seat.id);
      const others = new Set(inRow.filter((seat) => seat.class !== cls).map((seat) => seat.id));
      return hasUnstrandingChoice(
        seats,
        taken,
        others,
        cls,
        ofClass.length,
        (id) => ofClass.includes(id) || isBookable(id),
      );
    });
    if (avoidable) return stranded[0]!;
  }
  return null;
}

/**
 * Best available (CONTRACT §7): `quantity` adjacent plain seats in one row and one class (of `cls`
 * when given) that strand nobody, nearest the row about two-thirds back, then the centre of the row;
 * null when there is no such block. Wheelchair and companion seats are never picked for a buyer.
 */
/**
 * Whether any row has `quantity` seats side by side (of one class, `cls` when given) that best
 * available could ever give a party: ordinary seats, none missing. Taken seats and the single-seat
 * rule aside — those change as seats are sold and given back; this never does for a layout.
 */
export function couldSeatTogether(layout: Layout, quantity: number, cls?: string): boolean {
  return layout.rows.some(({ seats }) =>
    seats.some((first, start) => {
      if (!first || first.kind !== 'seat' || (cls !== undefined && first.class !== cls)) return false;
      const block = seats.slice(start, start + quantity);
      return (
        block.length === quantity &&
        block.every((seat) => seat !== null && seat.kind === 'seat' && seat.class === first.class)
      );
    }),
  );
}

export function bestAvailable(
  layout: Layout,
  taken: ReadonlySet<string>,
  quantity: number,
  cls?: string,
): string[] | null {
  const rowCount = layout.rows.length;
  const preferredRow = Math.round(((rowCount - 1) * 2) / 3);
  let best: { ids: string[]; score: number } | null = null;
  for (const [rowIndex, { seats }] of layout.rows.entries()) {
    const middle = (seats.length - 1) / 2;
    for (let start = 0; start + quantity <= seats.length; start++) {
      const block = seats.slice(start, start + quantity);
      const first = block[0];
      if (!first || (cls !== undefined && first.class !== cls)) continue;
      const isFreeBlock = block.every(
        (seat) => seat !== null && seat.kind === 'seat' && seat.class === first.class && !taken.has(seat.id),
      );
      if (!isFreeBlock) continue;
      const ids = block.map((seat) => seat!.id);
      if (newlyStranded(seats, taken, new Set(ids)).length > 0) continue;
      // A row off the preferred one costs more than a seat off-centre: people trade the centre for depth last.
      const offCentre = Math.abs(start + (quantity - 1) / 2 - middle);
      const score = Math.abs(rowIndex - preferredRow) * 2 + offCentre;
      if (!best || score < best.score) best = { ids, score };
    }
  }
  return best?.ids ?? null;
}

/** Whether a layout has seats held back for wheelchair users and their companions. */
export function hasHeldBackSeats(layout: Layout): boolean {
  return layout.rows.some((row) => row.seats.some((seat) => seat !== null && seat.kind !== 'seat'));
}

/** When unsold wheelchair and companion seats go on general sale. */
export function accessibleReleaseAt(startsAt: Date, releaseMinutes: number): Date {
  return new Date(startsAt.getTime() - releaseMinutes * 60_000);
}
