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
      className="min-w-0 scroll-mt-24 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
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
      {notice && <div className="mt-4">{notice}</div>}
      {/* The map scrolls inside its own box on narrow phones, never the whole page. */}
      <div className="mt-6 overflow-x-auto pb-2">
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
