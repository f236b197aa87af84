import { formatRupees } from '@marquee/shared';
import { Accessibility, Check, Clock, HandHelping, X } from 'lucide-react';
import type { SeatState } from '../seat-state.ts';
import { availableSeatClass, seatStateClass } from './seat-styles.ts';

const entries: { state: SeatState; label: string }[] = [
  { state: 'available', label: 'Available' },
  { state: 'selected', label: 'Selected' },
  { state: 'booked', label: 'Booked' },
];

const swatch =
  'flex size-6 shrink-0 items-center justify-center rounded-t-md rounded-b-sm border-2 cursor-auto';

interface SeatLegendProps {
  /** The classes in map order with their prices (rupees); one class needs no key. */
  classes?: { name: string; price: number | undefined }[];
  hasWheelchair?: boolean;
  hasCompanion?: boolean;
  hasHeld?: boolean;
  /** The buyer has seats of their own on this map waiting for payment. */
  hasMine?: boolean;
}

export function SeatLegend({ classes = [], hasWheelchair, hasCompanion, hasHeld, hasMine }: SeatLegendProps) {
  return (
    <div className="space-y-3">
      {classes.length > 1 && (
        <ul
          aria-label="Seat classes"
          className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm"
        >
          {classes.map(({ name, price }, index) => (
            <li key={name} className="flex items-center gap-2">
              <span aria-hidden className={`${swatch} ${availableSeatClass(index, classes.length)}`} />
              <span>
                <span className="font-semibold">{name}</span>
                {price !== undefined && <> · {formatRupees(price)}</>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ul
        aria-label="Seat legend"
        className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm"
      >
        {entries.map(({ state, label }) => (
          <li key={state} className="flex items-center gap-2">
            <span aria-hidden className={`${swatch} ${seatStateClass[state]}`}>
              {state === 'booked' && <X className="size-3.5" strokeWidth={3} />}
              {state === 'selected' && <Check className="size-3.5" strokeWidth={3} />}
            </span>
            {label}
          </li>
        ))}
        {hasMine && (
          <li className="flex items-center gap-2">
            <span aria-hidden className={`${swatch} ${seatStateClass.mine}`}>
              <Clock className="size-3.5" strokeWidth={3} />
            </span>
            Held for you
          </li>
        )}
        {hasHeld && (
          <li className="flex items-center gap-2">
            <span aria-hidden className={`${swatch} ${seatStateClass.held}`} />
            Held for wheelchair users
          </li>
        )}
        {hasWheelchair && (
          <li className="flex items-center gap-2">
            <Accessibility aria-hidden className="size-5" />
            Wheelchair space
          </li>
        )}
        {hasCompanion && (
          <li className="flex items-center gap-2">
            <HandHelping aria-hidden className="size-5" />
            Companion seat
          </li>
        )}
      </ul>
    </div>
  );
}
