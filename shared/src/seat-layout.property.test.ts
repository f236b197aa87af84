import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestAvailable, layoutSchema, strandedSeat, type Layout, type LayoutSeat } from './seat-layout.ts';

/**
 * The single-seat rule and best available against a brute-force reading of CONTRACT §7, written
 * independently of the module: every choice of seats is enumerated instead of walked.
 */
// fast-check draws a fresh seed each run and prints it (with the shrunk counterexample) on failure.

const positionArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 5,
    arbitrary: fc.record({
      class: fc.constantFrom('Classic', 'Prime'),
      kind: fc.constantFrom('seat' as const, 'seat' as const, 'seat' as const, 'wheelchair' as const),
    }),
  },
);
const layoutArb = fc
  .array(fc.array(positionArb, { minLength: 1, maxLength: 9 }), { minLength: 1, maxLength: 3 })
  .filter((rows) => rows.some((r) => r.some((p) => p !== null)))
  .map((rows) => layoutSchema.parse({ rows: rows.map((seats) => ({ seats })) }));

/** A layout, the seats taken before, and a booking of free seats. */
const scenarioArb = layoutArb.chain((layout) => {
  const ids = layout.rows.flatMap((r) => r.seats.filter((s): s is LayoutSeat => s !== null).map((s) => s.id));
  return fc
    .record({
      taken: fc.subarray(ids),
      wanted: fc.subarray(ids, { minLength: 1, maxLength: Math.min(4, ids.length) }),
    })
    .map(({ taken, wanted }) => {
      const takenSet = new Set(taken.filter((id) => !wanted.includes(id)));
      return { layout, taken: takenSet, chosen: wanted };
    });
});

function newlyStrandedInRow(seats: (LayoutSeat | null)[], taken: Set<string>, chosen: Set<string>): string[] {
  const stranded = (isTaken: (id: string) => boolean) =>
    seats.flatMap((seat, i) => {
      if (!seat || seat.kind !== 'seat' || isTaken(seat.id)) return [];
      const side = (s: LayoutSeat | null | undefined) => (!s ? 'gap' : isTaken(s.id) ? 'taken' : 'free');
      const left = side(seats[i - 1]);
      const right = side(seats[i + 1]);
      return left !== 'free' && right !== 'free' && (left === 'taken' || right === 'taken') ? [seat.id] : [];
    });
  const before = new Set(stranded((id) => taken.has(id)));
  return stranded((id) => taken.has(id) || chosen.has(id)).filter((id) => !before.has(id));
}

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

/** Rows where the booking strands a seat although another choice of that many seats of a class would not. */
function hasAvoidableStranding(layout: Layout, taken: Set<string>, chosen: string[]): boolean {
  return layout.rows.some(({ seats }) => {
    const inRow = seats.filter((s): s is LayoutSeat => s !== null && chosen.includes(s.id));
    if (inRow.length === 0 || newlyStrandedInRow(seats, taken, new Set(chosen)).length === 0) return false;
    return [...new Set(inRow.map((s) => s.class))].some((cls) => {
      const others = inRow.filter((s) => s.class !== cls).map((s) => s.id);
      const count = inRow.length - others.length;
      const free = seats.filter(
        (s): s is LayoutSeat => s !== null && s.class === cls && !taken.has(s.id) && !others.includes(s.id),
      );
      return combinations(
        free.map((s) => s.id),
        count,
      ).some(
        (alternative) => newlyStrandedInRow(seats, taken, new Set([...others, ...alternative])).length === 0,
      );
    });
  });
}

describe('seat rules over random layouts and occupancies', () => {
  it('the single-seat rule refuses exactly when an allowed alternative of the same size exists', () => {
    fc.assert(
      fc.property(scenarioArb, ({ layout, taken, chosen }) => {
        const refused = strandedSeat(layout, taken, chosen);
        expect(refused !== null).toBe(hasAvoidableStranding(layout, taken, chosen));
        if (refused) expect(taken.has(refused) || chosen.includes(refused)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('best available holds adjacent free seats of one class in one row, strands nobody, or finds none', () => {
    const arb = scenarioArb.chain((s) =>
      fc
        .record({
          quantity: fc.integer({ min: 1, max: 4 }),
          cls: fc.constantFrom(undefined, 'Classic', 'Prime'),
        })
        .map((q) => ({ ...s, ...q })),
    );
    fc.assert(
      fc.property(arb, ({ layout, taken, quantity, cls }) => {
        const picked = bestAvailable(layout, taken, quantity, cls);
        const blocks = layout.rows.flatMap(({ seats }) =>
          seats.flatMap((_, start) => {
            const block = seats.slice(start, start + quantity);
            if (block.length < quantity || block.some((s) => !s || taken.has(s.id) || s.kind !== 'seat'))
              return [];
            const classes = new Set(block.map((s) => s!.class));
            if (classes.size !== 1 || (cls && !classes.has(cls))) return [];
            const ids = block.map((s) => s!.id);
            return newlyStrandedInRow(seats, taken, new Set(ids)).length === 0 ? [ids.join()] : [];
          }),
        );
        if (picked === null) expect(blocks).toEqual([]);
        else expect(blocks).toContain(picked.join());
        if (picked) expect(picked.some((id) => taken.has(id))).toBe(false);
        if (picked) expect(strandedSeat(layout, taken, picked)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
