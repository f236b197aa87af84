import { formatRupees, type Show } from '@marquee/shared';

interface ShowTimePickerProps {
  shows: readonly Show<unknown>[];
  selectedId: string | null;
  onSelect: (showId: string) => void;
  labelledBy: string;
}

/** What a show that cannot be chosen says instead of its seats left. */
function unavailableLabel(show: Show<unknown>): string | null {
  if (show.status === 'sold-out') return 'Sold Out';
  if (show.status === 'cancelled') return 'Cancelled';
  return null;
}

function seatsLeft(count: number): string {
  return `${count} ${count === 1 ? 'seat' : 'seats'} left`;
}

const card =
  'flex min-h-11 flex-col items-start gap-0.5 rounded-lg border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const idle =
  'border-zinc-300 bg-white hover:border-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-brand-400';
const active =
  'border-brand-700 bg-brand-50 ring-1 ring-brand-700 dark:border-brand-400 dark:bg-brand-900/40 dark:ring-brand-400';
const unavailable =
  'cursor-not-allowed border-dashed border-zinc-300 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900/50';

/** The show times of one date: time, price and seats left; only active shows can be chosen. */
export function ShowTimePicker({ shows, selectedId, onSelect, labelledBy }: ShowTimePickerProps) {
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
    >
      {shows.map((show) => {
        const notBookable = unavailableLabel(show);
        const isSelected = show._id === selectedId;
        return (
          <button
            key={show._id}
            type="button"
            disabled={notBookable !== null}
            aria-pressed={notBookable ? undefined : isSelected}
            onClick={() => onSelect(show._id)}
            className={`${card} ${notBookable ? unavailable : isSelected ? active : idle}`}
          >
            <span
              className={`text-base font-bold ${notBookable ? 'text-zinc-600 line-through dark:text-zinc-400' : ''}`}
            >
              {show.showTime}
            </span>
            {/* Several classes: the lowest of their prices, said as the lowest, as the show card says it. */}
            <span className="text-sm text-zinc-700 dark:text-zinc-300">
              {Object.keys(show.prices ?? {}).length > 1
                ? `from ${formatRupees(show.showPrice)}`
                : formatRupees(show.showPrice)}
            </span>
            {/* The language it plays in and its format: a 3D or IMAX show is a different ticket. */}
            <span className="text-xs text-zinc-700 dark:text-zinc-300">
              {[show.language, show.format].filter(Boolean).join(' · ')}
            </span>
            <span
              className={`text-xs font-medium ${
                notBookable
                  ? 'text-red-700 dark:text-red-400'
                  : show.availableSeats <= 10
                    ? 'text-amber-800 dark:text-amber-300'
                    : 'text-green-800 dark:text-green-400'
              }`}
            >
              {notBookable ?? seatsLeft(show.availableSeats)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
