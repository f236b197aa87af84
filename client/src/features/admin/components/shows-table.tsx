import type { AdminShow } from '@marquee/shared';
import { Ban, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatPriceRange, formatShowDate, showBookingsPath } from '../format.ts';
import { ShowStatusBadge } from './status-badge.tsx';
import { tdClassName, TableFrame, thClassName } from './table-frame.tsx';

const actionClassName =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50';

// Narrower than the widest screens the actions are icons (named by aria-label, titled for the mouse).
const actionLabelClassName = 'sr-only xl:not-sr-only';

const bookingsLabel = (count: number) => `${count} booking${count === 1 ? '' : 's'}`;

export type ShowAction = 'edit' | 'cancel' | 'delete';

export function ShowsTable({
  shows,
  now,
  isBusy,
  onAction,
}: {
  shows: AdminShow[];
  now: number;
  isBusy: boolean;
  onAction: (action: ShowAction, show: AdminShow) => void;
}) {
  return (
    <TableFrame caption="Shows" isBusy={isBusy}>
      <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/50">
        <tr>
          <th scope="col" className={thClassName}>
            Movie
          </th>
          <th scope="col" className={thClassName}>
            Date
          </th>
          <th scope="col" className={thClassName}>
            Time
          </th>
          <th scope="col" className={thClassName}>
            Screen
          </th>
          <th scope="col" className={thClassName}>
            Price
          </th>
          <th scope="col" className={thClassName}>
            Seats
          </th>
          <th scope="col" className={thClassName}>
            Status
          </th>
          <th scope="col" className={thClassName}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {shows.map((show) => {
          const hasStarted = Date.parse(show.startsAt) <= now;
          const isCancelled = show.status === 'cancelled';
          const name = `${show.movie.title}, ${formatShowDate(show.showDate)} ${show.showTime}, ${show.screen.name}`;
          return (
            <tr key={show._id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
              <th scope="row" className={`${tdClassName} text-left font-medium`}>
                {show.movie.title}
              </th>
              <td className={`${tdClassName} whitespace-nowrap`}>{formatShowDate(show.showDate)}</td>
              <td className={`${tdClassName} whitespace-nowrap`}>{show.showTime}</td>
              <td className={`${tdClassName} whitespace-nowrap`}>{show.screen.name}</td>
              <td className={`${tdClassName} whitespace-nowrap tabular-nums`}>
                {formatPriceRange(show.prices, show.showPrice)}
              </td>
              <td className={`${tdClassName} whitespace-nowrap tabular-nums`}>
                <span className="block">
                  {show.seatsSold} sold · {show.seatsHeld} held
                </span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {show.availableSeats} of {show.totalSeats} free
                </span>
                {/* Nobody booked: "0 sold · 0 held" says it, and there is no list to open. */}
                {show.bookingCount > 0 && (
                  <Link
                    to={showBookingsPath(show)}
                    aria-label={`${bookingsLabel(show.bookingCount)} for ${name}`}
                    className="mt-1 inline-block text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:hover:text-brand-100"
                  >
                    {bookingsLabel(show.bookingCount)}
                  </Link>
                )}
              </td>
              <td className={tdClassName}>
                <ShowStatusBadge status={show.status} hasStarted={hasStarted} />
              </td>
              <td className={tdClassName}>
                <div className="flex gap-1 whitespace-nowrap">
                  <button
                    type="button"
                    aria-label={`Edit ${name}`}
                    title={isCancelled || hasStarted ? 'Only upcoming shows can be edited' : 'Edit'}
                    disabled={isCancelled || hasStarted}
                    onClick={() => onAction('edit', show)}
                    className={`${actionClassName} text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800`}
                  >
                    <Pencil aria-hidden className="size-4" />
                    <span className={actionLabelClassName}>Edit</span>
                  </button>
                  <button
                    type="button"
                    aria-label={`Cancel ${name}`}
                    title="Cancel show"
                    disabled={isCancelled}
                    onClick={() => onAction('cancel', show)}
                    className={`${actionClassName} text-amber-800 hover:bg-amber-50 dark:text-amber-300 dark:hover:bg-amber-950/50`}
                  >
                    <Ban aria-hidden className="size-4" />
                    <span className={actionLabelClassName}>Cancel</span>
                  </button>
                  {show.bookingCount === 0 && (
                    <button
                      type="button"
                      aria-label={`Delete ${name}`}
                      title="Delete show"
                      onClick={() => onAction('delete', show)}
                      className={`${actionClassName} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      <span className={actionLabelClassName}>Delete</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}
