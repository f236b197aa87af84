import { amountFor, gridLayout, type Layout } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { pricesInPaise, selectionAmount } from './screen-layout.ts';

// A1 A2 Classic, A3 Recliner.
const layout: Layout = {
  rows: [
    {
      row: 'A',
      seats: [
        { id: 'A1', class: 'Classic', kind: 'seat' },
        { id: 'A2', class: 'Classic', kind: 'seat' },
        { id: 'A3', class: 'Recliner', kind: 'seat' },
      ],
    },
  ],
};

describe('selectionAmount', () => {
  it('adds each class in whole paise, the total being what the server charges (amountFor)', () => {
    const prices = pricesInPaise({ Classic: 250.5, Recliner: 0.3 });
    expect(prices).toEqual({ Classic: 25050, Recliner: 30 });
    const { subtotals, totalPaise } = selectionAmount(layout, prices, ['A3', 'A1', 'A2']);
    expect(subtotals).toEqual([
      { seatClass: 'Classic', seats: ['A1', 'A2'], pricePaise: 25050, subtotalPaise: 50100 },
      { seatClass: 'Recliner', seats: ['A3'], pricePaise: 30, subtotalPaise: 30 },
    ]);
    expect(totalPaise).toBe(50130);
    expect(totalPaise).toBe(amountFor(layout, prices, ['A1', 'A2', 'A3']));
  });

  it('stays exact where rupees in floating point would not (0.1 + 0.2)', () => {
    const grid = gridLayout(3);
    const prices = pricesInPaise({ Standard: 0.1 });
    expect(selectionAmount(grid, prices, ['A1', 'A2', 'A3']).totalPaise).toBe(30);
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
  });

  it('is nothing for no seats', () => {
    expect(selectionAmount(layout, { Classic: 100, Recliner: 200 }, [])).toEqual({
      subtotals: [],
      totalPaise: 0,
    });
  });
});
