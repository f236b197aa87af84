import type { SeatsResponse } from '@marquee/shared';
import type { ReactNode, Ref } from 'react';
import { CinemaScreen } from './cinema-screen.tsx';
import { SeatLegend } from './seat-legend.tsx';
import { SeatMap, type SeatMapProps } from './seat-map.tsx';

interface SeatSectionProps extends SeatMapProps {
  /** The latest seat answer for the show; undefined while it loads or after it failed. */
  seats: SeatsResponse | undefined;
  isLoading: boolean;
  /** Shown above the map, e.g. the signed-out hint. */
  notice?: ReactNode;
  ref?: Ref<HTMLElement>;
}

export function SeatSection({ seats, isLoading, notice, ref, ...mapProps }: SeatSectionProps) {
  const total = seats?.totalSeats ?? mapProps.totalSeats;
  const available = seats?.availableSeats ?? total - mapProps.occupied.size;

  return (
    <section
      ref={ref}
      aria-labelledby="select-seats-heading"
      aria-busy={isLoading}
      // Edge to edge on a phone, so the whole seat map fits its width.
      className="-mx-4 min-w-0 scroll-mt-24 border-y border-zinc-200 bg-white px-2 py-4 shadow-sm sm:mx-0 sm:rounded-xl sm:border sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-2 sm:px-0">
        <h2 id="select-seats-heading" className="text-xl font-semibold">
          Select Seats
        </h2>
        <p className="flex flex-col text-sm text-zinc-700 sm:flex-row sm:gap-x-2 dark:text-zinc-300">
          <span className="font-semibold">
            Available Seats: {available} / {total}
          </span>
          <span aria-hidden className="hidden text-zinc-400 sm:inline">
            ·
          </span>
          <span>{mapProps.occupied.size} seats already booked</span>
        </p>
      </div>
      {notice && <div className="mt-4 px-2 sm:px-0">{notice}</div>}
      {/* The seats size themselves to this box (a size container); should a screen be too narrow
          even so, the map scrolls inside it, never the whole page. */}
      <div className="@container mt-6 overflow-x-auto pb-2">
        <div className="mx-auto w-max">
          <CinemaScreen />
          <SeatMap {...mapProps} />
        </div>
      </div>
      <div className="mt-5 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <SeatLegend />
      </div>
    </section>
  );
}
