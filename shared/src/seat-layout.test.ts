import { describe, expect, it } from 'vitest';
import {
  amountFor,
  lowestPrice,
  bestAvailable,
  couldSeatTogether,
  gridLayout,
  layoutClasses,
  layoutSchema,
  seatClassOf,
  seatIds,
  strandedSeat,
  type Layout,
} from './seat-layout.ts';

/** A one-row layout from a picture: `s` seat, `_` gap, `w` wheelchair, `c` companion. */
function row(picture: string, cls = 'Classic'): Layout {
  return layoutSchema.parse({
    rows: [{ seats: [...picture].map((ch) => (ch === '_' ? null : { class: cls, kind: kindOf(ch) })) }],
  });
}
function kindOf(ch: string) {
  return ch === 'w' ? 'wheelchair' : ch === 'c' ? 'companion' : 'seat';
}

describe('layout', () => {
  it('letters rows and numbers seats only, so a gap takes no number', () => {
    const layout = layoutSchema.parse({
      rows: [
        { seats: [{ class: 'Classic' }, { class: 'Classic' }, null, { class: 'Prime' }] },
        { row: 'Z', seats: [{ id: 'X9', class: 'Prime' }] },
      ],
    });
    expect(layout.rows.map((r) => r.row)).toEqual(['A', 'B']);
    expect(seatIds(layout)).toEqual(['A1', 'A2', 'A3', 'B1']);
    expect(layout.rows[0]!.seats[2]).toBeNull();
    expect(seatClassOf(layout, 'A3')).toBe('Prime');
    expect(layoutClasses(layout)).toEqual(['Classic', 'Prime']);
  });

  it('refuses a companion seat not beside a wheelchair space', () => {
    expect(() => row('wc')).not.toThrow();
    expect(() => row('cw')).not.toThrow();
    expect(() => row('w_c')).toThrow(/Companion seat A2 must sit right beside a wheelchair space/);
  });

  it('keeps to the limits: rows, positions, seats, classes', () => {
    const seat = { class: 'A' };
    expect(layoutSchema.safeParse({ rows: [] }).success).toBe(false);
    expect(layoutSchema.safeParse({ rows: Array(27).fill({ seats: [seat] }) }).success).toBe(false);
    // 26 rows of 30 positions are allowed, but not 780 seats: a show has at most MAX_TOTAL_SEATS.
    expect(layoutSchema.safeParse({ rows: Array(26).fill({ seats: Array(30).fill(seat) }) }).success).toBe(
      false,
    );
    expect(layoutSchema.safeParse({ rows: Array(25).fill({ seats: Array(20).fill(seat) }) }).success).toBe(
      true,
    );
    expect(
      layoutSchema.safeParse({
        rows: Array(26).fill({ seats: [...Array(20).fill(seat), ...Array(10).fill(null)] }),
      }).success,
    ).toBe(false);
    expect(layoutSchema.safeParse({ rows: [{ seats: Array(31).fill(seat) }] }).success).toBe(false);
    expect(layoutSchema.safeParse({ rows: [{ seats: [null] }] }).success).toBe(false);
    const classes = (n: number) => ({
      rows: [{ seats: Array.from({ length: n }, (_, i) => ({ class: `C${i}` })) }],
    });
    expect(layoutSchema.safeParse(classes(5)).success).toBe(true);
    expect(layoutSchema.safeParse(classes(6)).success).toBe(false);
    expect(layoutSchema.safeParse({ rows: [{ seats: [{ class: 'x'.repeat(21) }] }] }).success).toBe(false);
  });

  it('draws the spec map as A–H × 12 in one class', () => {
    const layout = gridLayout(96);
    expect(layout.rows.map((r) => r.row).join('')).toBe('ABCDEFGH');
    expect(seatIds(layout)).toHaveLength(96);
    expect(seatIds(layout).at(-1)).toBe('H12');
    expect(layoutClasses(layout)).toEqual(['Standard']);
    expect(seatIds(gridLayout(100)).at(-1)).toBe('I4');
  });

  it('adds up class prices in paise', () => {
    const layout = layoutSchema.parse({ rows: [{ seats: [{ class: 'Classic' }, { class: 'Recliner' }] }] });
    expect(amountFor(layout, { Classic: 25000, Recliner: 45050 }, ['A1', 'A2'])).toBe(70050);
    expect(() => amountFor(layout, { Classic: 25000 }, ['A2'])).toThrow();
    expect(() => amountFor(layout, { Classic: 25000 }, ['Z1'])).toThrow();
  });

  it('names the lowest price of a set of prices, by class or as a list', () => {
    expect(lowestPrice({ Classic: 25000, Recliner: 45050 })).toBe(25000);
    expect(lowestPrice([300, 150.5, 200])).toBe(150.5);
  });
});

describe('single-seat rule', () => {
  const none = new Set<string>();
  it('names the seat a booking leaves between two taken seats', () => {
    expect(strandedSeat(row('ssssss'), new Set(['A1']), ['A3', 'A4'])).toBe('A2');
  });
  it('names the seat left between a taken seat and the row end or a gap', () => {
    expect(strandedSeat(row('ssssss'), none, ['A2', 'A3'])).toBe('A1');
    expect(strandedSeat(row('sss_sss'), none, ['A1', 'A2'])).toBe('A3');
  });
  it('lets a booking leave a gap of two, or take the seat next to it', () => {
    expect(strandedSeat(row('ssssss'), none, ['A3', 'A4'])).toBeNull();
    expect(strandedSeat(row('ssssss'), none, ['A1', 'A2'])).toBeNull();
    expect(strandedSeat(row('ssssss'), new Set(['A1']), ['A2', 'A3'])).toBeNull();
  });
  it('does not blame a booking for a seat already on its own', () => {
    expect(strandedSeat(row('ssssss'), new Set(['A2']), ['A5', 'A6'])).toBeNull();
    expect(strandedSeat(row('ssssss'), new Set(['A2']), ['A4', 'A5'])).toBe('A3');
  });
  it('never counts a lone seat between two gaps, nor wheelchair and companion seats', () => {
    expect(strandedSeat(row('s_s_ss'), none, ['A2'])).toBeNull();
    expect(strandedSeat(row('wcss'), new Set(['A1']), ['A3', 'A4'])).toBeNull();
  });
  it('lets it stand when no choice of that many seats in the row and class avoids it', () => {
    // Three free seats in a row, two wanted: any pair strands or is the end pair; the end pair avoids it.
    expect(strandedSeat(row('sss'), none, ['A2', 'A3'])).toBeNull();
    expect(strandedSeat(row('ssss'), none, ['A2', 'A3'])).toBe('A1');
    // Two free seats between taken ones, one wanted: either choice strands the other.
    expect(strandedSeat(row('ssss'), new Set(['A1', 'A4']), ['A2'])).toBeNull();
    expect(strandedSeat(row('sssss'), new Set(['A1', 'A5']), ['A3'])).toBe('A2');
    // Only seats of the booking's class count: a Classic seat would strand nobody, but Prime was asked for.
    const mixed = layoutSchema.parse({
      rows: [{ seats: [{ class: 'Classic' }, { class: 'Prime' }, { class: 'Classic' }] }],
    });
    expect(strandedSeat(mixed, new Set(['A1']), ['A2'])).toBeNull();
  });
  it('counts only the seats this buyer may book as alternatives', () => {
    const isBookable = (id: string) => id !== 'A4';
    expect(strandedSeat(row('ssss'), none, ['A2', 'A3'])).toBe('A1');
    expect(strandedSeat(row('ssss'), none, ['A2', 'A3'], { isBookable })).toBe('A1');
    expect(strandedSeat(row('ssss'), new Set(['A1']), ['A3'])).toBe('A2');
    expect(strandedSeat(row('ssss'), new Set(['A1']), ['A3'], { isBookable: () => false })).toBeNull();
  });
});

describe('best available', () => {
  it('picks the centre of the row about two-thirds back', () => {
    const layout = gridLayout(96);
    expect(bestAvailable(layout, new Set(), 2)).toEqual(['F6', 'F7']);
    expect(bestAvailable(layout, new Set(), 3)).toEqual(['F5', 'F6', 'F7']);
  });
  it('keeps to one class, never crosses a gap, never strands a seat', () => {
    const layout = layoutSchema.parse({
      rows: [
        {
          seats: [
            { class: 'Classic' },
            { class: 'Classic' },
            null,
            { class: 'Prime' },
            { class: 'Prime' },
            { class: 'Prime' },
          ],
        },
      ],
    });
    expect(bestAvailable(layout, new Set(), 3)).toEqual(['A3', 'A4', 'A5']);
    expect(bestAvailable(layout, new Set(), 2, 'Classic')).toEqual(['A1', 'A2']);
    expect(bestAvailable(layout, new Set(), 3, 'Classic')).toBeNull();
    expect(bestAvailable(layout, new Set(['A5']), 1, 'Prime')).toBeNull();
    expect(bestAvailable(row('wcss'), new Set(), 2)).toEqual(['A3', 'A4']);
    expect(bestAvailable(row('wcss'), new Set(), 3)).toBeNull();
  });
});

describe('couldSeatTogether', () => {
  it('finds a run of ordinary seats of one class long enough, gaps and wheelchair spaces breaking it', () => {
    expect(couldSeatTogether(row('ssss'), 4)).toBe(true);
    expect(couldSeatTogether(row('ssss'), 5)).toBe(false);
    expect(couldSeatTogether(row('ss_ss'), 3)).toBe(false);
    expect(couldSeatTogether(row('sswcss'), 3)).toBe(false);
    // A single seat in a row of two: the single-seat rule may refuse it now, never for ever.
    expect(couldSeatTogether(row('ss'), 1)).toBe(true);
  });

  it('keeps to the class asked for, and a run never mixes classes', () => {
    const twoClasses = layoutSchema.parse({
      rows: [
        { seats: [{ class: 'Classic' }, { class: 'Classic' }, { class: 'Classic' }] },
        { seats: [{ class: 'Classic' }, { class: 'Recliner' }, { class: 'Recliner' }] },
      ],
    });
    expect(couldSeatTogether(twoClasses, 3)).toBe(true);
    expect(couldSeatTogether(twoClasses, 3, 'Recliner')).toBe(false);
    expect(couldSeatTogether(twoClasses, 2, 'Recliner')).toBe(true);
  });
});
