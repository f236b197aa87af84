import { seatLayout } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { nextGridPosition, positionOfSeat } from './seat-grid-keys.ts';

// 30 seats: rows A and B of 12, then a short row C of 6.
const rows = seatLayout(30);
const seatAt = (position: { row: number; col: number } | null) =>
  position ? rows[position.row]!.seats[position.col] : null;

describe('nextGridPosition', () => {
  it('moves along a row with the left and right arrows, stopping at the ends', () => {
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 0 }, 'ArrowRight'))).toBe('A2');
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 11 }, 'ArrowRight'))).toBe('A12');
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 3 }, 'ArrowLeft'))).toBe('A3');
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 0 }, 'ArrowLeft'))).toBe('A1');
  });

  it('moves between rows with the up and down arrows, stopping at the edges', () => {
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 4 }, 'ArrowDown'))).toBe('B5');
    expect(seatAt(nextGridPosition(rows, { row: 1, col: 4 }, 'ArrowUp'))).toBe('A5');
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 4 }, 'ArrowUp'))).toBe('A5');
    expect(seatAt(nextGridPosition(rows, { row: 2, col: 4 }, 'ArrowDown'))).toBe('C5');
  });

  it('lands on the last seat of a short row', () => {
    expect(seatAt(nextGridPosition(rows, { row: 1, col: 10 }, 'ArrowDown'))).toBe('C6');
    expect(seatAt(nextGridPosition(rows, { row: 0, col: 10 }, 'PageDown'))).toBe('C6');
  });

  it('goes to the row start and end with Home and End, and the map corners with Ctrl', () => {
    expect(seatAt(nextGridPosition(rows, { row: 1, col: 5 }, 'Home'))).toBe('B1');
    expect(seatAt(nextGridPosition(rows, { row: 1, col: 5 }, 'End'))).toBe('B12');
    expect(seatAt(nextGridPosition(rows, { row: 1, col: 5 }, 'Home', true))).toBe('A1');
    expect(seatAt(nextGridPosition(rows, { row: 1, col: 5 }, 'End', true))).toBe('C6');
  });

  it('ignores other keys so Tab, Enter and Space keep their usual meaning', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a']) {
      expect(nextGridPosition(rows, { row: 0, col: 0 }, key)).toBeNull();
    }
  });
});

describe('nextGridPosition with gaps', () => {
  // A1 A2 _ A3 / B1 _ _ B2 / a row of gaps / D1 D2 D3 D4
  const gapped = [
    { seats: ['A1', 'A2', null, 'A3'] },
    { seats: ['B1', null, null, 'B2'] },
    { seats: [null, null, null, null] },
    { seats: ['D1', 'D2', 'D3', 'D4'] },
  ];
  const at = (p: { row: number; col: number } | null) => (p ? gapped[p.row]!.seats[p.col] : null);

  it('skips the aisle along a row', () => {
    expect(at(nextGridPosition(gapped, { row: 0, col: 1 }, 'ArrowRight'))).toBe('A3');
    expect(at(nextGridPosition(gapped, { row: 0, col: 3 }, 'ArrowLeft'))).toBe('A2');
    expect(at(nextGridPosition(gapped, { row: 1, col: 0 }, 'ArrowRight'))).toBe('B2');
  });

  it('lands on the nearest seat of the next row with seats, skipping a row of gaps', () => {
    expect(at(nextGridPosition(gapped, { row: 0, col: 1 }, 'ArrowDown'))).toBe('B1');
    expect(at(nextGridPosition(gapped, { row: 1, col: 3 }, 'ArrowDown'))).toBe('D4');
    expect(at(nextGridPosition(gapped, { row: 3, col: 2 }, 'ArrowUp'))).toBe('B2');
  });

  it('finds the first and last seats with Home and End', () => {
    expect(at(nextGridPosition(gapped, { row: 1, col: 3 }, 'Home'))).toBe('B1');
    expect(at(nextGridPosition(gapped, { row: 0, col: 0 }, 'End'))).toBe('A3');
    expect(at(nextGridPosition(gapped, { row: 0, col: 0 }, 'End', true))).toBe('D4');
  });
});

describe('positionOfSeat', () => {
  it('finds a seat on the map', () => {
    expect(positionOfSeat(rows, 'B3')).toEqual({ row: 1, col: 2 });
  });

  it('is null for a seat that is not on the map', () => {
    expect(positionOfSeat(rows, 'C7')).toBeNull();
  });
});
