import {
  MAX_LAYOUT_ROWS,
  MAX_ROW_POSITIONS,
  MAX_SEAT_CLASSES,
  layoutClasses,
  rowLabel,
  type Layout,
  type LayoutInput,
  type SeatKind,
} from '@marquee/shared';

/** A position of the editor's grid: a seat (its class by index into `classes`) or a gap. */
export type EditorCell = { classIndex: number; kind: SeatKind } | null;

/**
 * `grid` always holds the largest screen (26 × 30); `rows` and `columns` say how much of it is the
 * screen. So shrinking and growing again (typing "12" passes through "1") loses nothing drawn.
 */
export interface EditorState {
  classes: string[];
  grid: EditorCell[][];
  rows: number;
  columns: number;
}

const seat = (): EditorCell => ({ classIndex: 0, kind: 'seat' });
const fullGrid = (cellAt: (row: number, col: number) => EditorCell): EditorCell[][] =>
  Array.from({ length: MAX_LAYOUT_ROWS }, (_, r) =>
    Array.from({ length: MAX_ROW_POSITIONS }, (_, c) => cellAt(r, c)),
  );

/** The positions of the screen as drawn: the part of the grid inside rows × columns. */
export function visibleGrid(state: EditorState): EditorCell[][] {
  return state.grid.slice(0, state.rows).map((row) => row.slice(0, state.columns));
}

/** What a click, drag or Space does to a position. */
export type EditorTool =
  | { type: 'seat-gap' }
  | { type: 'class'; classIndex: number }
  | { type: 'wheelchair' }
  | { type: 'companion' };

/** A drag paints one way throughout, decided by the position it starts on. */
export type PaintMode = 'on' | 'off';

export type EditorAction =
  | { type: 'resize'; rows: number; columns: number }
  | { type: 'paint'; row: number; col: number; tool: EditorTool; mode: PaintMode }
  | { type: 'rename-class'; classIndex: number; name: string }
  | { type: 'add-class' }
  | { type: 'remove-class'; classIndex: number }
  | { type: 'load'; state: EditorState };

export function newScreenState(rows = 8, columns = 12): EditorState {
  return { classes: ['Classic'], grid: fullGrid(seat), rows, columns };
}

/** The editor's state of a saved layout: rows padded with gaps to the widest row. */
export function editorStateOf(layout: Layout): EditorState {
  const classes = layoutClasses(layout);
  const columns = Math.max(1, ...layout.rows.map((row) => row.seats.length));
  return {
    classes: classes.length ? classes : ['Classic'],
    // Short rows are padded with gaps; beyond the screen, seats wait for a resize.
    grid: fullGrid((row, col) => {
      const seats = layout.rows[row]?.seats;
      if (!seats || col >= columns) return seat();
      const found = seats[col];
      return found ? { classIndex: Math.max(0, classes.indexOf(found.class)), kind: found.kind } : null;
    }),
    rows: Math.max(1, layout.rows.length),
    columns,
  };
}

/** The layout to send: the server letters the rows and numbers the seats. */
export function layoutInputOf(state: EditorState): LayoutInput {
  return {
    rows: visibleGrid(state).map((row) => ({
      seats: row.map((cell) =>
        cell ? { class: state.classes[cell.classIndex] ?? state.classes[0]!, kind: cell.kind } : null,
      ),
    })),
  };
}

/** The seat ids the layout will have, position by position (null for gaps): A1 A2 _ A3. */
export function seatLabels(state: EditorState): (string | null)[][] {
  return visibleGrid(state).map((row, index) => {
    const letter = rowLabel(index);
    let number = 0;
    return row.map((cell) => (cell ? `${letter}${++number}` : null));
  });
}

/** Whether a drag starting on `cell` switches the tool's quality on or off. */
export function paintModeFor(cell: EditorCell, tool: EditorTool): PaintMode {
  switch (tool.type) {
    case 'seat-gap':
      return cell ? 'off' : 'on';
    case 'class':
      return 'on';
    case 'wheelchair':
    case 'companion':
      return cell?.kind === tool.type ? 'off' : 'on';
  }
}

function paintCell(cell: EditorCell, tool: EditorTool, mode: PaintMode): EditorCell {
  switch (tool.type) {
    case 'seat-gap':
      return mode === 'off' ? null : (cell ?? { classIndex: 0, kind: 'seat' });
    case 'class':
      return { classIndex: tool.classIndex, kind: cell?.kind ?? 'seat' };
    case 'wheelchair':
    case 'companion':
      if (mode === 'off') return cell ? { ...cell, kind: 'seat' } : null;
      return { classIndex: cell?.classIndex ?? 0, kind: tool.type };
  }
}

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? Math.trunc(value) : min));

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return action.state;
    case 'resize':
      return {
        ...state,
        rows: clamp(action.rows, 1, MAX_LAYOUT_ROWS),
        columns: clamp(action.columns, 1, MAX_ROW_POSITIONS),
      };
    case 'paint': {
      if (action.row >= state.rows || action.col >= state.columns) return state;
      const cell = state.grid[action.row]?.[action.col];
      if (cell === undefined) return state;
      if (action.tool.type === 'class' && !state.classes[action.tool.classIndex]) return state;
      const next = paintCell(cell, action.tool, action.mode);
      if (JSON.stringify(next) === JSON.stringify(cell)) return state;
      const grid = state.grid.map((row, r) =>
        r === action.row ? row.map((c, col) => (col === action.col ? next : c)) : row,
      );
      return { ...state, grid };
    }
    case 'rename-class':
      return {
        ...state,
        classes: state.classes.map((name, i) => (i === action.classIndex ? action.name : name)),
      };
    case 'add-class': {
      if (state.classes.length >= MAX_SEAT_CLASSES) return state;
      const names = ['Classic', 'Prime', 'Recliner', 'Premium', 'Box'];
      const name = names.find((n) => !state.classes.includes(n)) ?? `Class ${state.classes.length + 1}`;
      return { ...state, classes: [...state.classes, name] };
    }
    case 'remove-class': {
      if (state.classes.length <= 1) return state;
      const gone = action.classIndex;
      // Seats of the removed class join the first remaining class.
      const grid = state.grid.map((row) =>
        row.map((cell): EditorCell => {
          if (!cell) return null;
          if (cell.classIndex === gone) return { ...cell, classIndex: 0 };
          return cell.classIndex > gone ? { ...cell, classIndex: cell.classIndex - 1 } : cell;
        }),
      );
      return { ...state, classes: state.classes.filter((_, i) => i !== gone), grid };
    }
  }
}
