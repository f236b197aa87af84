import { ChevronDown } from 'lucide-react';
import { formatTimeAt, type DoorShow } from '@marquee/shared';
import { useId, useState } from 'react';
import { useCinemaTimeZone } from '../../lib/cinema-config.ts';
import { BuyerPhoneLine } from './buyer-phone-line.tsx';
import { ItemsToHandOver } from './items-to-hand-over.tsx';
import { useDoorBookings, useDoorShows } from './door-api.ts';

const muted = 'text-zinc-600 dark:text-zinc-400';

/** Who booked one show, which seats, and whether they are in yet. */
function ShowBookings({ show }: { show: DoorShow }) {
  const bookings = useDoorBookings(show._id, true);
  const timeZone = useCinemaTimeZone();
  if (bookings.isPending) return <p className={`px-3 pb-3 text-sm ${muted}`}>Loading bookings…</p>;
  if (bookings.isError)
    return (
      <p role="alert" className="px-3 pb-3 text-sm text-red-700 dark:text-red-400">
        {bookings.error.message}
      </p>
    );
  const list = bookings.data.bookings;
  if (list.length === 0) return <p className={`px-3 pb-3 text-sm ${muted}`}>No bookings yet.</p>;
  return (
    <ul className="space-y-1 px-3 pb-3" aria-label={`Bookings for ${show.movie} at ${show.showTime}`}>
      {list.map((booking) => (
        <li
          key={booking._id}
          data-testid="door-booking"
          className="flex items-start justify-between gap-3 rounded-lg bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-900"
        >
          <div className="min-w-0">
            <p className="truncate font-medium">{booking.name}</p>
            {booking.phone && <BuyerPhoneLine phone={booking.phone} name={booking.name} />}
            <p className={muted}>
              <span className="font-mono">{booking.reference}</span> · {booking.seats.join(', ')}
            </p>
            <ItemsToHandOver
              bookingId={booking._id}
              items={booking.items}
              collectedAt={booking.itemsCollectedAt}
              canCollect={booking.status === 'paid'}
            />
          </div>
          <p className="shrink-0 text-right font-medium">
            {booking.checkedInAt && booking.admitted < booking.seats.length ? (
              <span className="text-amber-700 dark:text-amber-400">
                {booking.admitted} of {booking.seats.length} in
                <span className="block text-xs font-normal">
                  last at {formatTimeAt(booking.checkedInAt, timeZone)}
                </span>
              </span>
            ) : booking.checkedInAt ? (
              <span className="text-emerald-700 dark:text-emerald-400">
                In at {formatTimeAt(booking.checkedInAt, timeZone)}
              </span>
            ) : booking.status === 'paid' ? (
              <span className={muted}>Not in yet</span>
            ) : (
              <span className="text-amber-700 dark:text-amber-400">Unpaid</span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

function ShowRow({ show }: { show: DoorShow }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li data-testid="door-show">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="flex w-full items-center justify-between gap-3 px-3 py-2.5 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 dark:hover:bg-zinc-900"
      >
        <span className="min-w-0">
          <span className="block truncate font-medium">{show.movie}</span>
          <span className={`block text-sm ${muted}`}>
            {show.showTime} · {show.screen}
            {show.status === 'cancelled' && ' · cancelled'}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <span className="text-right tabular-nums">
            <span className="text-lg font-bold" data-testid="door-admitted">
              {show.admitted}
            </span>
            <span className={muted}> / {show.sold}</span>
            <span className={`block text-xs ${muted}`}>admitted / sold</span>
          </span>
          <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </span>
      </button>
      <div id={panelId} hidden={!open}>
        {open && <ShowBookings show={show} />}
      </div>
    </li>
  );
}

/** Today's shows with their counts, kept current; each opens to its list of bookings. */
export function DoorShows() {
  const shows = useDoorShows();
  return (
    <section aria-labelledby="door-shows-heading" className="mt-6">
      <h2 id="door-shows-heading" className="mb-2 text-lg font-semibold">
        Today’s shows
      </h2>
      {shows.isPending && <p className={muted}>Loading…</p>}
      {shows.data && shows.data.shows.length === 0 && <p className={muted}>No shows today.</p>}
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {shows.data?.shows.map((show) => (
          <ShowRow key={show._id} show={show} />
        ))}
      </ul>
    </section>
  );
}
