import { Check, X } from 'lucide-react';
import type { SeatState } from '../seat-state.ts';
import { seatStateClass } from './seat-styles.ts';

const entries: { state: SeatState; label: string }[] = [
  { state: 'available', label: 'Available' },
  { state: 'selected', label: 'Selected' },
  { state: 'booked', label: 'Booked' },
];

export function SeatLegend() {
  return (
    <ul
      aria-label="Seat legend"
      className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm"
    >
      {entries.map(({ state, label }) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden
            className={`flex size-6 items-center justify-center rounded-t-md rounded-b-sm border-2 ${seatStateClass[state]} cursor-auto`}
          >
            {state === 'booked' && <X className="size-3.5" strokeWidth={3} />}
            {state === 'selected' && <Check className="size-3.5" strokeWidth={3} />}
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}
