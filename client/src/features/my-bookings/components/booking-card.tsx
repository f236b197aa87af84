import { formatRupees, itemsText, type ShowBooking as Booking } from '@marquee/shared';
import { CalendarDays, Clock, CreditCard, FileText, Repeat, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { useId } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import type { BadgeKind } from '../booking-status.ts';
import { timeLeftMs } from '../countdown.ts';
import { bookedOnLabel, seatCount, showDateLabel } from '../format.ts';
import { StatusBadge } from './status-badge.tsx';
import { TimeLeft } from './time-left.tsx';
import { Poster } from '../../../components/ui/poster.tsx';
import { useCancellationTiers, useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { canChangeBooking } from '../../../lib/exchange.ts';

interface BookingCardProps {
  booking: Booking;
  badge: BadgeKind;
  now: number;
  onOpen: () => void;
}

/** One booking in the My Bookings grid (spec §2): poster, state, show, seats, amount, when booked. */
export function BookingCard({ booking, badge, now, onOpen }: BookingCardProps) {
  const titleId = useId();
  const timeZone = useCinemaTimeZone();
  const tiers = useCancellationTiers();
  const { show } = booking;
  const change =
    booking.exchange && timeLeftMs(booking.exchange.expiresAt, now) > 0 ? booking.exchange : null;
  const isOver = badge === 'expired' || badge === 'cancelled' || badge === 'refunded';

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full gap-4 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm sm:p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Poster
        src={show.movie.poster}
        alt=""
        title={show.movie.title}
        width={400}
        height={600}
        loading="lazy"
        decoding="async"
        className={`aspect-[2/3] w-20 shrink-0 self-start rounded-md bg-zinc-200 object-cover sm:w-28 dark:bg-zinc-800 ${
          isOver ? 'opacity-60 grayscale' : ''
        }`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <StatusBadge kind={badge} className="self-start" />
        <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
          {show.movie.title}
        </h2>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays aria-hidden className="size-4" />
              <span className="sr-only">Date</span>
            </dt>
            <dd>{showDateLabel(show.showDate)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Clock aria-hidden className="size-4" />
              <span className="sr-only">Time</span>
            </dt>
            <dd>{show.showTime}</dd>
          </div>
        </dl>
        <dl className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <div>
            <dt className="inline text-zinc-600 dark:text-zinc-400">Ref </dt>
            <dd className="inline font-mono font-semibold tracking-wide">{booking.reference}</dd>
          </div>
          <div>
            <dt className="sr-only">Seats</dt>
            <dd>
              <span className="font-medium">{seatCount(booking.bookedSeats.length)}:</span>{' '}
              {booking.bookedSeats.join(', ')}
            </dd>
          </div>
          {booking.items.length > 0 && (
            <div>
              <dt className="sr-only">Food and drinks</dt>
              <dd>{itemsText(booking.items)}</dd>
            </div>
          )}
          <div>
            <dt className="sr-only">Amount</dt>
            <dd className="text-base font-bold text-zinc-900 dark:text-zinc-100">
              {formatRupees(booking.amount)}
            </dd>
          </div>
          <div>
            <dt className="inline text-zinc-600 dark:text-zinc-400">Booked on </dt>
            <dd className="inline">{bookedOnLabel(booking.createdAt, timeZone)}</dd>
          </div>
        </dl>
        {badge === 'pending' && <TimeLeft ms={timeLeftMs(booking.expiresAt, now)} />}
        {change && (
          // A dearer change waits for its difference: the seats above stay the buyer's until it is paid.
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50">
            <p>
              <span className="font-semibold">Change waiting for payment:</span>{' '}
              {change.bookedSeats.join(', ')} on {showDateLabel(change.showDate)}, {change.showTime}.
            </p>
            {change.paymentLink && (
              <a
                href={change.paymentLink}
                aria-describedby={titleId}
                className={buttonClassName('primary', 'mt-2 px-3 py-1.5')}
              >
                <CreditCard aria-hidden className="size-4" />
                Pay {formatRupees(change.amount)}
              </a>
            )}
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {booking.status === 'paid' && !booking.refund && (
            <Link
              to={`/tickets/${encodeURIComponent(booking._id)}`}
              aria-describedby={titleId}
              className={buttonClassName('primary', 'px-3 py-1.5')}
            >
              <Ticket aria-hidden className="size-4" />
              Ticket
            </Link>
          )}
          {booking.invoiceNumber && (
            <Link
              to={`/invoices/${encodeURIComponent(booking._id)}`}
              aria-describedby={titleId}
              className={buttonClassName('secondary', 'px-3 py-1.5')}
            >
              <FileText aria-hidden className="size-4" />
              Invoice
            </Link>
          )}
          {!change && canChangeBooking(booking, tiers, now) && (
            <Link
              to={`/mybookings/${encodeURIComponent(booking._id)}/change`}
              aria-describedby={titleId}
              className={buttonClassName('secondary', 'px-3 py-1.5')}
            >
              <Repeat aria-hidden className="size-4" />
              Change seats or time
            </Link>
          )}
          <button
            type="button"
            onClick={onOpen}
            aria-describedby={titleId}
            className={buttonClassName('secondary', 'px-3 py-1.5')}
          >
            View Details
          </button>
        </div>
      </div>
    </article>
  );
}
