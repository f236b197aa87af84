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

describe('positionOfSeat', () => {
  it('finds a seat on the map', () => {
    expect(positionOfSeat(rows, 'B3')).toEqual({ row: 1, col: 2 });
  });

  it('is null for a seat that is not on the map', () => {
    expect(positionOfSeat(rows, 'C7')).toBeNull();
  });
});
