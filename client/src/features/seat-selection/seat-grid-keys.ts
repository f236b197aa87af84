export interface GridPosition {
  row: number;
  col: number;
}

/** A row of the map as the keys see it: seat ids, with null for a gap (an aisle). */
export interface GridRow {
  seats: readonly (string | null)[];
}

function seatColumns(row: GridRow | undefined): number[] {
  const cols: number[] = [];
  row?.seats.forEach((seat, col) => {
    if (seat !== null) cols.push(col);
  });
  return cols;
}

/** The seat of a row nearest to column `col` (the left one on a tie), or null for a row of gaps. */
function nearestIn(rows: readonly GridRow[], row: number, col: number): GridPosition | null {
  const cols = seatColumns(rows[row]);
  if (cols.length === 0) return null;
  const best = cols.reduce((a, b) => (Math.abs(b - col) < Math.abs(a - col) ? b : a));
  return { row, col: best };
}

/** The nearest seat at or beyond `from` going `step` rows at a time; null past the edge. */
function rowToward(rows: readonly GridRow[], from: number, step: 1 | -1, col: number): GridPosition | null {
  for (let row = from; row >= 0 && row < rows.length; row += step) {
    const found = nearestIn(rows, row, col);
    if (found) return found;
  }
  return null;
}

/**
 * Where focus goes for a key pressed in the seat grid (the WAI-ARIA grid pattern), or null when
 * the key is not one the grid handles. Gaps (aisles) are skipped: every move lands on a seat.
 * Moves stop at the edges rather than wrap; a move into a shorter row lands on its nearest seat.
 */
export function nextGridPosition(
  rows: readonly GridRow[],
  here: GridPosition,
  key: string,
  ctrlKey = false,
): GridPosition | null {
  const { row, col } = here;
  const cols = seatColumns(rows[row]);
  const stay = { row, col };
  switch (key) {
    case 'ArrowRight': {
      const next = cols.find((c) => c > col);
      return next === undefined ? stay : { row, col: next };
    }
    case 'ArrowLeft': {
      const next = cols.findLast((c) => c < col);
      return next === undefined ? stay : { row, col: next };
    }
    case 'ArrowDown':
      return rowToward(rows, row + 1, 1, col) ?? stay;
    case 'ArrowUp':
      return rowToward(rows, row - 1, -1, col) ?? stay;
    case 'Home':
      if (ctrlKey) return rowToward(rows, 0, 1, 0) ?? stay;
      return cols.length ? { row, col: cols[0]! } : stay;
    case 'End':
      if (ctrlKey) return rowToward(rows, rows.length - 1, -1, Number.MAX_SAFE_INTEGER) ?? stay;
      return cols.length ? { row, col: cols.at(-1)! } : stay;
    case 'PageDown':
      return rowToward(rows, rows.length - 1, -1, col) ?? stay;
    case 'PageUp':
      return rowToward(rows, 0, 1, col) ?? stay;
    default:
      return null;
  }
}

/** The row and column of a seat id on the map, or null when it is not on it. */
export function positionOfSeat(rows: readonly GridRow[], seatId: string): GridPosition | null {
  for (const [row, { seats }] of rows.entries()) {
    const col = seats.indexOf(seatId);
    if (col !== -1) return { row, col };
  }
  return null;
}
