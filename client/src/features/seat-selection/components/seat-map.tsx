import { seatLayout } from '@marquee/shared';
import { Check, X } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { nextGridPosition, positionOfSeat } from '../seat-grid-keys.ts';
import { seatAccessibleName, seatState } from '../seat-state.ts';
import { seatStateClass } from './seat-styles.ts';

export interface SeatMapProps {
  totalSeats: number;
  occupied: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  /** Called for an available or selected seat; booked seats never call it. */
  onToggle: (seatId: string) => void;
  /** Names the grid for screen readers, e.g. "Seats for 7:30 PM, Today". */
  label: string;
}

// After the sixth seat of a row, where the aisle runs.
const aisleAfter = 6;

/**
 * The seat map as an ARIA grid: one tab stop for the whole map (roving tabindex), arrow keys,
 * Home and End to move, Enter or Space to toggle. Booked seats stay focusable (aria-disabled
 * rather than disabled) so arrowing across the map never skips a seat a listener should hear.
 */
export function SeatMap({ totalSeats, occupied, selected, onToggle, label }: SeatMapProps) {
  const rows = useMemo(() => seatLayout(totalSeats), [totalSeats]);
  const [activeSeat, setActiveSeat] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const firstSeat = rows[0]?.seats[0];
  // The tab stop: the seat last focused, while it is still on this map.
  const tabStop = activeSeat && positionOfSeat(rows, activeSeat) ? activeSeat : firstSeat;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const seatId = (event.target as HTMLElement).dataset.seat;
    const from = seatId ? positionOfSeat(rows, seatId) : null;
    if (!from) return;
    const to = nextGridPosition(rows, from, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    const next = rows[to.row]?.seats[to.col];
    if (!next) return;
    setActiveSeat(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div
      role="grid"
      aria-label={label}
      onKeyDown={handleKeyDown}
      className="flex w-max flex-col gap-1 sm:gap-2"
    >
      {rows.map(({ row, seats }) => (
        <div role="row" key={row} className="flex items-center gap-0.5 sm:gap-1.5">
          <div
            role="rowheader"
            // Sticky, so the row letters stay in sight should a very narrow screen scroll the map.
            className="sticky left-0 z-10 w-4 shrink-0 bg-white text-center text-xs font-bold text-zinc-600 sm:w-6 dark:bg-zinc-900 dark:text-zinc-400"
          >
            {row}
          </div>
          {seats.map((seatId, index) => {
            const state = seatState(seatId, occupied, selected);
            const isBooked = state === 'booked';
            return (
              <div role="gridcell" key={seatId} className={index === aisleAfter ? 'ml-1.5 sm:ml-5' : ''}>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(seatId, element);
                    else buttons.current.delete(seatId);
                  }}
                  data-seat={seatId}
                  tabIndex={seatId === tabStop ? 0 : -1}
                  aria-label={seatAccessibleName(seatId, state)}
                  aria-disabled={isBooked || undefined}
                  onFocus={() => setActiveSeat(seatId)}
                  onClick={() => {
                    if (!isBooked) onToggle(seatId);
                  }}
                  // On a phone the twelve seats share the map's width (the whole row in sight, each
                  // at least 24 px: WCAG 2.5.8); from sm up they have room at a fixed size.
                  className={`flex size-[clamp(24px,calc((100cqw_-_46px)/12),32px)] items-center justify-center rounded-t-lg rounded-b-sm border-2 text-[10px] font-semibold tracking-tighter transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 sm:size-9 sm:text-xs sm:tracking-normal dark:focus-visible:outline-sky-400 ${seatStateClass[state]}`}
                >
                  {isBooked ? (
                    <X aria-hidden className="size-4" strokeWidth={3} />
                  ) : state === 'selected' ? (
                    <Check aria-hidden className="size-4" strokeWidth={3} />
                  ) : (
                    // The seat's own name, as its accessible name begins (WCAG 2.5.3: a voice
                    // control user says what they see).
                    seatId
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
