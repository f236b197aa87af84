import { Accessibility, Check, Clock, HandHelping, TriangleAlert, X } from 'lucide-react';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { layoutClasses, type Layout, type LayoutSeat } from '../../../lib/screen-layout.ts';
import { nextGridPosition, positionOfSeat, type GridRow } from '../seat-grid-keys.ts';
import { seatAccessibleName, seatState, type SeatState } from '../seat-state.ts';
import { availableSeatClass, seatStateClass } from './seat-styles.ts';

export interface SeatMapProps {
  layout: Layout;
  occupied: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  /** Wheelchair spaces and companion seats this buyer may not take yet. */
  held: ReadonlySet<string>;
  /** Seats of this buyer's own booking that waits for payment: theirs, not someone else's. */
  mine?: ReadonlySet<string>;
  /** The seat this selection would leave on its own, pointed at before Book. */
  stranded: string | null;
  /** Called for any seat but a booked one (a held one too: the page explains it). */
  onToggle: (seatId: string) => void;
  /** Names the grid for screen readers, e.g. "Seats for 7:30 PM, Today". */
  label: string;
  /** Shrinks the seats below the touch size so the whole of a wide map is in sight. */
  isZoomedOut?: boolean;
}

interface SeatCellProps {
  seat: LayoutSeat;
  state: SeatState;
  tone: string;
  seatClass: string | undefined;
  isTabStop: boolean;
  isStranded: boolean;
  /** Margin of the spec hall's aisle, before this seat. */
  aisleClass: string;
  onToggle: (id: string) => void;
  onFocus: (id: string) => void;
  register: (id: string, element: HTMLButtonElement | null) => void;
}

const kindIcon = { wheelchair: Accessibility, companion: HandHelping } as const;

/**
 * One seat. Memoised on plain values, so choosing a seat re-renders that seat (and the one losing
 * or gaining the stranded mark), not the 500 of a large screen.
 */
const SeatCell = memo(function SeatCell({
  seat,
  state,
  tone,
  seatClass,
  isTabStop,
  isStranded,
  aisleClass,
  onToggle,
  onFocus,
  register,
}: SeatCellProps) {
  // The buyer's own waiting seats are taken too: not chosen again, but told apart (issue 34).
  const isBooked = state === 'booked' || state === 'mine';
  const KindIcon = seat.kind === 'seat' ? null : kindIcon[seat.kind];
  return (
    <div role="gridcell" className={aisleClass}>
      <button
        type="button"
        ref={(element) => register(seat.id, element)}
        data-seat={seat.id}
        tabIndex={isTabStop ? 0 : -1}
        aria-label={seatAccessibleName(seat.id, state, { seatClass, kind: seat.kind })}
        // Said after the name (a description), so the seat's name stays what it is on every map.
        aria-describedby={isStranded ? `stranded-${seat.id}` : undefined}
        aria-disabled={isBooked || undefined}
        onFocus={() => onFocus(seat.id)}
        onClick={() => {
          if (!isBooked) onToggle(seat.id);
        }}
        // The label grows with the seat, from 10 px on a 24 px seat to 12 px from 34 px.
        style={{
          width: 'var(--seat)',
          height: 'var(--seat)',
          fontSize: 'clamp(10px, calc(var(--seat) * 0.36), 12px)',
        }}
        className={`relative flex items-center justify-center [contain:size_layout_style] rounded-t-lg rounded-b-sm border-2 font-semibold tracking-tighter transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:focus-visible:outline-sky-400 ${state === 'available' ? tone : seatStateClass[state]} ${isStranded ? 'ring-3 ring-amber-500 ring-offset-1 dark:ring-amber-400 dark:ring-offset-zinc-900' : ''}`}
      >
        {state === 'mine' ? (
          <Clock aria-hidden className="size-4" strokeWidth={3} />
        ) : isBooked ? (
          <X aria-hidden className="size-4" strokeWidth={3} />
        ) : state === 'selected' ? (
          <Check aria-hidden className="size-4" strokeWidth={3} />
        ) : (
          // The seat's own name, as its accessible name begins (WCAG 2.5.3: a voice control user
          // says what they see).
          seat.id
        )}
        {KindIcon && (
          <span className="absolute -top-1.5 -right-1.5 rounded-full bg-white p-px text-zinc-900 ring-1 ring-zinc-500 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-400">
            <KindIcon aria-hidden className="size-2.5 sm:size-3" strokeWidth={2.5} />
          </span>
        )}
        {isStranded && (
          <span id={`stranded-${seat.id}`} className="sr-only">
            Would be left on its own by this choice
          </span>
        )}
        {isStranded && (
          <span className="absolute -bottom-1.5 -left-1.5 rounded-full bg-amber-400 p-px text-zinc-950">
            <TriangleAlert aria-hidden className="size-2.5 sm:size-3" strokeWidth={2.5} />
          </span>
        )}
      </button>
    </div>
  );
});

interface SeatRowProps {
  row: string;
  seats: Layout['rows'][number]['seats'];
  classes: readonly string[];
  specHall: boolean;
  occupied: ReadonlySet<string>;
  held: ReadonlySet<string>;
  /** The buyer's own waiting seats of this row, joined with commas. */
  mineKey: string;
  /** The chosen seats of this row, joined with commas. */
  selectedKey: string;
  /** The stranded seat, when it is in this row. */
  stranded: string | null;
  /** The map's tab stop, when it is in this row. */
  tabStop: string | null;
  onToggle: (id: string) => void;
  onFocus: (id: string) => void;
  register: (id: string, element: HTMLButtonElement | null) => void;
}

/**
 * One row of seats. Memoised on what the row shows, so choosing a seat on a 500-seat map renders
 * its row of 25 rather than every seat (INP on a slow phone: docs/benchmarks.md).
 */
const SeatRow = memo(function SeatRow({
  row,
  seats,
  classes,
  specHall,
  occupied,
  held,
  mineKey,
  selectedKey,
  stranded,
  tabStop,
  onToggle,
  onFocus,
  register,
}: SeatRowProps) {
  const selected = new Set(selectedKey.split(','));
  const mine = new Set(mineKey.split(','));
  return (
    <div role="row" className="flex items-center gap-0.5 sm:gap-1">
      <div
        role="rowheader"
        // Sticky, so the row letters stay in sight should the map scroll sideways.
        className="sticky left-0 z-10 w-4 shrink-0 bg-white text-center text-xs font-bold text-zinc-600 sm:w-6 dark:bg-zinc-900 dark:text-zinc-400"
      >
        {row}
      </div>
      {seats.map((seat, index) => {
        const aisle = specHall && index === 6 ? 'ml-1.5 sm:ml-5' : '';
        if (!seat) {
          return (
            <div key={`gap-${index}`} aria-hidden style={{ width: 'var(--seat)' }} className="shrink-0" />
          );
        }
        const classIndex = classes.indexOf(seat.class);
        return (
          <SeatCell
            key={seat.id}
            seat={seat}
            state={seatState(seat.id, occupied, selected, held, mine)}
            tone={availableSeatClass(classIndex, classes.length)}
            seatClass={classes.length > 1 ? seat.class : undefined}
            isTabStop={seat.id === tabStop}
            isStranded={seat.id === stranded}
            aisleClass={aisle}
            onToggle={onToggle}
            onFocus={onFocus}
            register={register}
          />
        );
      })}
    </div>
  );
});

const noSeats: ReadonlySet<string> = new Set();

/** A layout with no gaps, 12 wide: the spec's hall, drawn with its aisle after the sixth seat. */
function isSpecHall(layout: Layout): boolean {
  return layout.rows.every(({ seats }) => seats.length <= 12 && seats.every(Boolean));
}

/**
 * The seat map as an ARIA grid: one tab stop for the whole map (roving tabindex), arrow keys,
 * Home and End to move (gaps are skipped), Enter or Space to toggle. Booked seats stay focusable
 * (aria-disabled rather than disabled) so arrowing across the map never skips a seat a listener
 * should hear.
 */
export function SeatMap({
  layout,
  occupied,
  selected,
  held,
  mine = noSeats,
  stranded,
  onToggle,
  label,
  isZoomedOut = false,
}: SeatMapProps) {
  const gridRows = useMemo<GridRow[]>(
    () => layout.rows.map(({ seats }) => ({ seats: seats.map((seat) => seat?.id ?? null) })),
    [layout],
  );
  const classes = useMemo(() => layoutClasses(layout), [layout]);
  const specHall = useMemo(() => isSpecHall(layout), [layout]);
  const columns = Math.max(1, ...layout.rows.map(({ seats }) => seats.length));
  const [activeSeat, setActiveSeat] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const firstSeat = gridRows.flatMap(({ seats }) => seats).find(Boolean) ?? null;
  // The tab stop: the seat last focused, while it is still on this map.
  const tabStop = activeSeat && positionOfSeat(gridRows, activeSeat) ? activeSeat : firstSeat;

  // Stable across renders, so a memoised seat is not re-rendered for a new callback: the latest
  // onToggle is called through a ref updated after each render.
  const latestToggle = useRef(onToggle);
  useLayoutEffect(() => {
    latestToggle.current = onToggle;
  });
  const toggle = useCallback((id: string) => latestToggle.current(id), []);
  const register = useCallback((id: string, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(id, element);
    else buttons.current.delete(id);
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const seatId = (event.target as HTMLElement).dataset.seat;
    const from = seatId ? positionOfSeat(gridRows, seatId) : null;
    if (!from) return;
    const to = nextGridPosition(gridRows, from, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    const next = gridRows[to.row]?.seats[to.col];
    if (!next) return;
    setActiveSeat(next);
    buttons.current.get(next)?.focus();
  }

  // Each seat takes its share of the map's width (the container's), between the touch size
  // (24 px, WCAG 2.5.8; 12 px when zoomed out) and 36 px; a map wider than that scrolls sideways.
  // Besides the seats a row holds its letter and the spec hall's aisle (--map-edge: 16 + 6 px on a
  // phone, 24 + 20 px from sm) and a gap before each seat (--map-gap), as SeatRow lays them out.
  const style = {
    '--seat': `clamp(${isZoomedOut ? 10 : 24}px, calc((100cqw - var(--map-edge) - ${columns} * var(--map-gap)) / ${columns}), 36px)`,
  } as CSSProperties;

  return (
    <div
      role="grid"
      aria-label={label}
      onKeyDown={handleKeyDown}
      style={style}
      className="flex w-max flex-col gap-1 [--map-edge:22px] [--map-gap:2px] sm:gap-2 sm:[--map-edge:44px] sm:[--map-gap:4px]"
    >
      {layout.rows.map(({ row, seats }) => {
        const ids = seats.flatMap((seat) => (seat ? [seat.id] : []));
        return (
          <SeatRow
            key={row}
            row={row}
            seats={seats}
            classes={classes}
            specHall={specHall}
            occupied={occupied}
            held={held}
            // Plain strings, so a choice re-renders the row it is in, not the other rows.
            selectedKey={ids.filter((id) => selected.has(id)).join(',')}
            mineKey={ids.filter((id) => mine.has(id)).join(',')}
            stranded={stranded && ids.includes(stranded) ? stranded : null}
            tabStop={tabStop && ids.includes(tabStop) ? tabStop : null}
            onToggle={toggle}
            onFocus={setActiveSeat}
            register={register}
          />
        );
      })}
    </div>
  );
}
