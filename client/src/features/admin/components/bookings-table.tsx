import { formatRupees, formatTimeAt, type Booking } from '@marquee/shared';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { formatShowDate } from '../format.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { BookingStatusBadge } from './status-badge.tsx';
import { tdClassName, TableFrame, thClassName } from './table-frame.tsx';

// The spec's first column is 'Booking ID'; under it staff read the reference buyers read out.
const columns = ['Booking ID', 'Movie', 'User', 'Show', 'Seats', 'Amount', 'Status', 'Checked in', 'Actions'];

export function BookingsTable({ bookings, isBusy }: { bookings: Booking[]; isBusy: boolean }) {
  // When a booking was admitted, on the cinema's clock as the door said it: '7:05 PM'.
  const timeZone = useCinemaTimeZone();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  return (
    <>
      <TableFrame caption="Bookings" isBusy={isBusy}>
        <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClassName}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {bookings.map((booking) => (
            <tr key={booking._id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
              <th scope="row" className={`${tdClassName} text-left font-normal`}>
                {/* The reference is what buyers read out; the id stays a hover away for support. */}
                <code
                  title={`Booking ${booking._id}`}
                  className="font-mono text-sm font-semibold tracking-wide"
                >
                  {booking.reference}
                </code>
              </th>
              <td className={`${tdClassName} min-w-32 font-medium`}>
                {booking.show?.movie.title ?? 'Food & drinks only'}
              </td>
              <td className={tdClassName}>
                <span className="block">{booking.user.name}</span>
                <span className="block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  {booking.user.email}
                </span>
              </td>
              <td className={`${tdClassName} whitespace-nowrap`}>
                {booking.show ? (
                  <>
                    <span className="block">{formatShowDate(booking.show.showDate)}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {booking.show.showTime}
                    </span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {booking.show.screen.name}
                    </span>
                  </>
                ) : (
                  <span className="block">No show (sold at the counter)</span>
                )}
              </td>
              <td className={`${tdClassName} min-w-36`}>
                <span className="block">{booking.bookedSeats.join(', ')}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {booking.bookedSeats.length} seat{booking.bookedSeats.length === 1 ? '' : 's'}
                </span>
              </td>
              <td className={`${tdClassName} whitespace-nowrap tabular-nums`}>
                {formatRupees(booking.amount)}
              </td>
              <td className={tdClassName}>
                <BookingStatusBadge status={booking.status} />
                {booking.refund && (
                  <span className="mt-1 block text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                    {booking.refund.status === 'succeeded'
                      ? 'Refunded'
                      : booking.refund.status === 'failed'
                        ? 'Refund failed'
                        : 'Refund pending'}{' '}
                    {formatRupees(booking.refund.amount)}
                  </span>
                )}
              </td>
              <td className={`${tdClassName} whitespace-nowrap`}>
                {booking.checkedInAt ? (
                  <span className="font-medium text-emerald-700 dark:text-emerald-400">
                    {formatTimeAt(booking.checkedInAt, timeZone)}
                  </span>
                ) : (
                  <span className="text-zinc-600 dark:text-zinc-400">
                    <span aria-hidden>—</span>
                    <span className="sr-only">Not yet</span>
                  </span>
                )}
              </td>
              <td className={tdClassName}>
                {booking.channel === 'counter' && booking.status === 'paid' ? (
                  // Money taken at the counter goes back across it, into a shift (CONTRACT §11).
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">Refund at the box office</span>
                ) : (
                  (booking.status === 'paid' || booking.status === 'pending') && (
                    <button
                      type="button"
                      className={buttonClassName('secondary', 'px-2.5 py-1 whitespace-nowrap')}
                      onClick={() => setCancelling(booking)}
                    >
                      <XCircle aria-hidden className="size-4" />
                      Cancel<span className="sr-only"> booking {booking.reference}</span>
                    </button>
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      {cancelling && <CancelBookingDialog booking={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}
