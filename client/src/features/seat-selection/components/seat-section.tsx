import { priceOfClass, type SeatsResponse } from '@marquee/shared';
import { MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { layoutClasses, type ScreenSeatsFields } from '../../../lib/screen-layout.ts';
import { CinemaScreen } from './cinema-screen.tsx';
import { SeatLegend } from './seat-legend.tsx';
import { SeatMap, type SeatMapProps } from './seat-map.tsx';

interface SeatSectionProps extends Omit<SeatMapProps, 'isZoomedOut'> {
  /** The latest seat answer for the show; undefined while it loads or after it failed. */
  seats: (SeatsResponse & ScreenSeatsFields) | undefined;
  prices: Readonly<Record<string, number>>;
  isLoading: boolean;
  /** Shown above the map, e.g. the signed-out hint and the wheelchair note. */
  notice?: ReactNode;
  /** Shown below the legend, e.g. the best-available form. */
  footer?: ReactNode;
  ref?: Ref<HTMLElement>;
}

/** True while the element's content is wider than its box (the map scrolls sideways). */
function useOverflows(element: HTMLElement | null): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}

export function SeatSection({
  seats,
  prices,
  isLoading,
  notice,
  footer,
  ref,
  ...mapProps
}: SeatSectionProps) {
  const total =
    seats?.totalSeats ?? mapProps.layout.rows.reduce((n, r) => n + r.seats.filter(Boolean).length, 0);
  const available = seats?.availableSeats ?? total - mapProps.occupied.size;
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const overflows = useOverflows(scroller);
  const [isZoomedOut, setIsZoomedOut] = useState(false);
  // Zoomed out, the seats are smaller than a finger: a tap zooms back in on that seat rather than
  // choosing it, so nothing is chosen by a near miss (issue 34).
  const zoomInOn = useRef<string | null>(null);
  const { onToggle } = mapProps;
  const handleSeat = (seatId: string) => {
    if (!isZoomedOut) return onToggle(seatId);
    zoomInOn.current = seatId;
    setIsZoomedOut(false);
  };
  useEffect(() => {
    const seatId = zoomInOn.current;
    if (isZoomedOut || !seatId || !scroller) return;
    zoomInOn.current = null;
    const button = scroller.querySelector<HTMLButtonElement>(`[data-seat="${CSS.escape(seatId)}"]`);
    button?.scrollIntoView({ block: 'nearest', inline: 'center' });
    button?.focus({ preventScroll: true });
  }, [isZoomedOut, scroller]);
  const kinds = new Set(mapProps.layout.rows.flatMap((r) => r.seats.map((s) => s?.kind)));
  const classes = layoutClasses(mapProps.layout).map((name) => ({ name, price: priceOfClass(prices, name) }));

  return (
    <section
      ref={ref}
      aria-labelledby="select-seats-heading"
      aria-busy={isLoading}
      // Edge to edge on a phone, so as much of the seat map as can fits its width.
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
      {seats?.screen && (
        <p className="mt-1 px-2 text-sm text-zinc-600 sm:px-0 dark:text-zinc-400">{seats.screen.name}</p>
      )}
      {notice && <div className="mt-4 space-y-3 px-2 sm:px-0">{notice}</div>}
      {(overflows || isZoomedOut) && (
        // A visible cue that there is more map than fits, and a way to see all of it at once.
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 px-2 text-sm text-zinc-700 sm:px-0 dark:text-zinc-300">
          <p className="flex items-center gap-1.5">
            <MoveHorizontal aria-hidden className="size-4" />
            {isZoomedOut ? 'Tap where you want to sit to zoom in' : 'Scroll sideways for more seats'}
          </p>
          {/* Its name says what it does next, so it is not also a pressed/unpressed toggle. */}
          <button
            type="button"
            onClick={() => setIsZoomedOut((zoomed) => !zoomed)}
            className="flex min-h-10 items-center gap-1.5 rounded-md border border-zinc-300 px-3 font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {isZoomedOut ? (
              <ZoomIn aria-hidden className="size-4" />
            ) : (
              <ZoomOut aria-hidden className="size-4" />
            )}
            {isZoomedOut ? 'Zoom in' : 'Zoom out'}
          </button>
        </div>
      )}
      {/* The seats size themselves to this box (a size container); should a screen be too narrow
          even so, the map scrolls inside it, never the whole page. */}
      <div ref={setScroller} className="@container mt-4 overflow-x-auto pb-2">
        {isLoading && !seats ? (
          // Not a stand-in map: the show's screen may be laid out quite differently, and seats
          // drawn in the wrong places would jump, or be clicked, before the real ones arrive.
          <p role="status" className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
            Loading seats...
          </p>
        ) : (
          <div className="mx-auto w-max">
            <CinemaScreen />
            <SeatMap {...mapProps} onToggle={handleSeat} isZoomedOut={isZoomedOut} />
          </div>
        )}
      </div>
      <div className="mt-5 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <SeatLegend
          classes={classes}
          hasWheelchair={kinds.has('wheelchair')}
          hasCompanion={kinds.has('companion')}
          hasHeld={mapProps.held.size > 0}
          hasMine={(mapProps.mine?.size ?? 0) > 0}
        />
      </div>
      {footer && <div className="mt-5 border-t border-zinc-200 pt-4 dark:border-zinc-800">{footer}</div>}
    </section>
  );
}
