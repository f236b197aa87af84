import type { Layout } from '@marquee/shared';
import { useMemo, useState } from 'react';
import { layoutClasses } from '../../../lib/screen-layout.ts';
import { CinemaScreen } from './cinema-screen.tsx';
import { SeatLegend } from './seat-legend.tsx';
import { SeatMap } from './seat-map.tsx';

const none: ReadonlySet<string> = new Set();

/**
 * A layout drawn exactly as the booking page draws it, with nothing booked: the admin editor's
 * preview. Seats can be chosen, to try the keyboard, but nothing is booked.
 */
export function LayoutPreview({ layout }: { layout: Layout }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(none);
  const kinds = useMemo(() => new Set(layout.rows.flatMap((r) => r.seats.map((s) => s?.kind))), [layout]);
  return (
    <div className="@container overflow-x-auto rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="mx-auto w-max">
        <CinemaScreen />
        <SeatMap
          layout={layout}
          occupied={none}
          selected={selected}
          held={none}
          stranded={null}
          label="Preview of the seat map"
          onToggle={(id) =>
            setSelected((current) => {
              const next = new Set(current);
              if (!next.delete(id)) next.add(id);
              return next;
            })
          }
        />
      </div>
      <div className="mt-4">
        <SeatLegend
          classes={layoutClasses(layout).map((name) => ({ name, price: undefined }))}
          hasWheelchair={kinds.has('wheelchair')}
          hasCompanion={kinds.has('companion')}
        />
      </div>
    </div>
  );
}
