import { layoutSchema } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  editorStateOf,
  layoutInputOf,
  newScreenState,
  paintModeFor,
  seatLabels,
  visibleGrid,
  type EditorState,
  type EditorTool,
} from './layout-editor.ts';

function paint(state: EditorState, row: number, col: number, tool: EditorTool): EditorState {
  const mode = paintModeFor(state.grid[row]![col]!, tool);
  return editorReducer(state, { type: 'paint', row, col, tool, mode });
}

describe('layout editor', () => {
  it('numbers seats only, so a gap takes no number (A1 A2 _ A3)', () => {
    let state = newScreenState(1, 4);
    state = paint(state, 0, 2, { type: 'seat-gap' });
    expect(seatLabels(state)).toEqual([['A1', 'A2', null, 'A3']]);
  });

  it('toggles a gap back into a seat', () => {
    let state = newScreenState(1, 2);
    state = paint(state, 0, 0, { type: 'seat-gap' });
    state = paint(state, 0, 0, { type: 'seat-gap' });
    expect(state.grid[0]![0]).toEqual({ classIndex: 0, kind: 'seat' });
  });

  it('paints classes and wheelchair / companion seats into a layout the shared schema accepts', () => {
    let state = editorReducer(newScreenState(2, 3), { type: 'add-class' });
    state = editorReducer(state, { type: 'rename-class', classIndex: 1, name: 'Recliner' });
    state = paint(state, 1, 0, { type: 'class', classIndex: 1 });
    state = paint(state, 0, 0, { type: 'wheelchair' });
    state = paint(state, 0, 1, { type: 'companion' });
    const parsed = layoutSchema.parse(layoutInputOf(state));
    expect(parsed.rows[0]!.seats[0]).toEqual({ id: 'A1', class: 'Classic', kind: 'wheelchair' });
    expect(parsed.rows[0]!.seats[1]).toEqual({ id: 'A2', class: 'Classic', kind: 'companion' });
    expect(parsed.rows[1]!.seats[0]).toEqual({ id: 'B1', class: 'Recliner', kind: 'seat' });
  });

  it('a second wheelchair stroke on the same seat makes it a plain seat again', () => {
    let state = paint(newScreenState(1, 2), 0, 0, { type: 'wheelchair' });
    state = paint(state, 0, 0, { type: 'wheelchair' });
    expect(state.grid[0]![0]!.kind).toBe('seat');
  });

  it('resizes within the limits, keeping what was drawn through a shrink and a grow', () => {
    let state = paint(newScreenState(2, 2), 0, 1, { type: 'seat-gap' });
    state = editorReducer(state, { type: 'resize', rows: 40, columns: 3 });
    expect(visibleGrid(state)).toHaveLength(26);
    expect(visibleGrid(state)[0]).toEqual([
      { classIndex: 0, kind: 'seat' },
      null,
      { classIndex: 0, kind: 'seat' },
    ]);
    state = editorReducer(state, { type: 'resize', rows: 0, columns: 1 });
    expect(visibleGrid(state)).toEqual([[{ classIndex: 0, kind: 'seat' }]]);
    state = editorReducer(state, { type: 'resize', rows: 1, columns: 99 });
    expect(visibleGrid(state)[0]).toHaveLength(30);
    expect(visibleGrid(state)[0]![1]).toBeNull();
  });

  it('moves the seats of a removed class to the first class', () => {
    let state = editorReducer(newScreenState(1, 2), { type: 'add-class' });
    state = paint(state, 0, 1, { type: 'class', classIndex: 1 });
    state = editorReducer(state, { type: 'remove-class', classIndex: 1 });
    expect(state.classes).toEqual(['Classic']);
    expect(state.grid[0]![1]!.classIndex).toBe(0);
  });

  it('reads a saved layout back, padding short rows with gaps', () => {
    const layout = layoutSchema.parse({
      rows: [{ seats: [{ class: 'Prime' }, null, { class: 'Classic' }] }, { seats: [{ class: 'Classic' }] }],
    });
    const state = editorStateOf(layout);
    expect(state.classes).toEqual(['Prime', 'Classic']);
    expect(visibleGrid(state)[1]).toEqual([{ classIndex: 1, kind: 'seat' }, null, null]);
  });
});
