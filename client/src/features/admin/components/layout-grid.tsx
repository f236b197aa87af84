import { rowLabel } from '@marquee/shared';
import { Accessibility, HandHelping } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { classToneClass } from '../../../lib/seat-class-tones.ts';
import {
  paintModeFor,
  seatLabels,
  visibleGrid,
  type EditorState,
  type EditorTool,
  type PaintMode,
} from '../layout-editor.ts';

interface LayoutGridProps {
  state: EditorState;
  tool: EditorTool;
  onPaint: (row: number, col: number, mode: PaintMode) => void;
}

const kindNames = { seat: 'seat', wheelchair: 'wheelchair space', companion: 'companion seat' } as const;

/**
 * The editor's drawing grid: every position is a button (gaps too, so they can be filled). A
 * roving focus moves with the arrow keys and Space or Enter applies the tool; a pointer paints by
 * clicking or dragging across positions, the whole stroke one way (the first position decides).
 */
export function LayoutGrid({ state, tool, onPaint }: LayoutGridProps) {
  const labels = seatLabels(state);
  const { rows, columns } = state;
  const grid = visibleGrid(state);
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  const active = { row: Math.min(focus.row, rows - 1), col: Math.min(focus.col, columns - 1) };
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const stroke = useRef<{ mode: PaintMode; last: string } | null>(null);

  function move(row: number, col: number) {
    setFocus({ row, col });
    buttons.current.get(`${row}:${col}`)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const { row, col } = active;
    const to: Record<string, [number, number]> = {
      ArrowRight: [row, Math.min(col + 1, columns - 1)],
      ArrowLeft: [row, Math.max(col - 1, 0)],
      ArrowDown: [Math.min(row + 1, rows - 1), col],
      ArrowUp: [Math.max(row - 1, 0), col],
      Home: [event.ctrlKey ? 0 : row, 0],
      End: [event.ctrlKey ? rows - 1 : row, columns - 1],
    };
    const target = to[event.key];
    if (!target) return;
    event.preventDefault();
    move(...target);
  }

  function paintAt(row: number, col: number, mode?: PaintMode) {
    const key = `${row}:${col}`;
    if (stroke.current?.last === key) return;
    const chosen = mode ?? stroke.current?.mode ?? paintModeFor(state.grid[row]![col]!, tool);
    stroke.current = { mode: chosen, last: key };
    onPaint(row, col, chosen);
  }

  // Dragging: the position under the pointer (touch keeps the pointer on the first button, so
  // the target is looked up by point rather than by the event's target).
  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!stroke.current) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const cell = under instanceof HTMLElement ? under.closest<HTMLElement>('[data-pos]') : null;
    if (!cell) return;
    const [row, col] = cell.dataset.pos!.split(':').map(Number);
    paintAt(row!, col!);
  }

  return (
    <div
      role="grid"
      aria-label="Seat layout"
      aria-describedby="layout-grid-help"
      onKeyDown={handleKeyDown}
      onPointerMove={handlePointerMove}
      onPointerUp={() => (stroke.current = null)}
      onPointerCancel={() => (stroke.current = null)}
      onPointerLeave={() => (stroke.current = null)}
      className="inline-flex flex-col gap-1 select-none"
    >
      {grid.map((cells, row) => (
        <div role="row" key={row} className="flex items-center gap-1">
          <div
            role="rowheader"
            className="w-6 shrink-0 text-center text-xs font-bold text-zinc-600 dark:text-zinc-400"
          >
            {rowLabel(row)}
          </div>
          {cells.map((cell, col) => {
            const label = labels[row]![col];
            const name = cell
              ? `${label}, ${state.classes[cell.classIndex]}, ${kindNames[cell.kind]}`
              : `Row ${rowLabel(row)}, position ${col + 1}, gap`;
            const Icon =
              cell?.kind === 'wheelchair' ? Accessibility : cell?.kind === 'companion' ? HandHelping : null;
            const isActive = row === active.row && col === active.col;
            return (
              <div role="gridcell" key={col}>
                <button
                  type="button"
                  data-pos={`${row}:${col}`}
                  ref={(element) => {
                    if (element) buttons.current.set(`${row}:${col}`, element);
                    else buttons.current.delete(`${row}:${col}`);
                  }}
                  tabIndex={isActive ? 0 : -1}
                  aria-label={name}
                  onFocus={() => setFocus({ row, col })}
                  onPointerDown={(event) => {
                    if (event.button !== 0) return;
                    event.preventDefault();
                    stroke.current = null;
                    buttons.current.get(`${row}:${col}`)?.focus();
                    setFocus({ row, col });
                    paintAt(row, col);
                  }}
                  // A click with no pointer behind it (detail 0) is Space or Enter: apply the tool.
                  onClick={(event) => {
                    if (event.detail !== 0) return;
                    stroke.current = null;
                    paintAt(row, col);
                    stroke.current = null;
                  }}
                  className={`relative flex size-8 shrink-0 touch-none items-center justify-center rounded-t-md rounded-b-sm border-2 text-[10px] font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:focus-visible:outline-sky-400 ${
                    cell
                      ? classToneClass[cell.classIndex % classToneClass.length]
                      : 'border-dashed border-zinc-300 bg-transparent text-zinc-400 dark:border-zinc-700'
                  }`}
                >
                  {label}
                  {Icon && (
                    <span className="absolute -top-1.5 -right-1.5 rounded-full bg-white p-px text-zinc-900 ring-1 ring-zinc-500 dark:bg-zinc-900 dark:text-zinc-100">
                      <Icon aria-hidden className="size-3" strokeWidth={2.5} />
                    </span>
                  )}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
