import type { SeatRow } from '@marquee/shared';

export interface GridPosition {
  row: number;
  col: number;
}

/**
 * Where focus goes for a key pressed in the seat grid (the WAI-ARIA grid pattern), or null when
 * the key is not one the grid handles. Moves stop at the edges rather than wrap, and a move into
 * the short last row lands on its last seat.
 */
export function nextGridPosition(
  rows: readonly SeatRow[],
  { row, col }: GridPosition,
  key: string,
  ctrlKey = false,
): GridPosition | null {
  const lastRow = rows.length - 1;
  const rowEnd = (index: number) => (rows[index]?.seats.length ?? 1) - 1;
  const clampTo = (index: number): GridPosition => ({ row: index, col: Math.min(col, rowEnd(index)) });

  switch (key) {
    case 'ArrowRight':
      return { row, col: Math.min(col + 1, rowEnd(row)) };
    case 'ArrowLeft':
      return { row, col: Math.max(col - 1, 0) };
    case 'ArrowDown':
      return clampTo(Math.min(row + 1, lastRow));
    case 'ArrowUp':
      return clampTo(Math.max(row - 1, 0));
    case 'Home':
      return ctrlKey ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return ctrlKey ? { row: lastRow, col: rowEnd(lastRow) } : { row, col: rowEnd(row) };
    case 'PageDown':
      return clampTo(lastRow);
    case 'PageUp':
      return clampTo(0);
    default:
      return null;
  }
}

/** The row and column of a seat id on the map, or null when it is not on it. */
export function positionOfSeat(rows: readonly SeatRow[], seatId: string): GridPosition | null {
  for (const [row, { seats }] of rows.entries()) {
    const col = seats.indexOf(seatId);
    if (col !== -1) return { row, col };
  }
  return null;
}
