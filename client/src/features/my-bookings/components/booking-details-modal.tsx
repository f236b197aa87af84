import { formatPaise, formatRupees, rupeesToPaise, type ShowBooking as Booking } from '@marquee/shared';
import { CreditCard, FileText, Ticket, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { CancellationPolicy } from '../../../components/ui/refund-terms.tsx';
import { useCancellationTiers, useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { canCancelBooking, type BadgeKind } from '../booking-status.ts';
import { timeLeftMs } from '../countdown.ts';
import { bookedOnLabel, showDateLabel } from '../format.ts';
import { StatusBadge } from './status-badge.tsx';
import { TimeLeft } from './time-left.tsx';

interface BookingDetailsModalProps {
  booking: Booking;
  badge: BadgeKind;
  now: number;
  isCancelling: boolean;
  onCancel: () => void;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="py-4 first:pt-0">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** Spec §2 "My Bookings" modal: show, seats, payment, and the ways to pay or cancel. */
export function BookingDetailsModal({
  booking,
  badge,
  now,
  isCancelling,
  onCancel,
  onClose,
}: BookingDetailsModalProps) {
  const { show } = booking;
  const tiers = useCancellationTiers();
  const canCancel = canCancelBooking(booking, now, tiers);
  const timeZone = useCinemaTimeZone();

  return (
    <Modal
      title="Booking Details"
      onClose={onClose}
      closeLabel="Close booking details"
      panelClassName="mx-auto max-w-lg"
    >
      <div className="max-h-[calc(100dvh-8rem)] overflow-y-auto px-4 py-4 sm:px-6">
        <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
          <Section title="Show Details">
            <p className="text-lg font-semibold">{show.movie.title}</p>
            <dl className="mt-1 text-sm">
              <Row term="Reference">
                <span className="font-mono tracking-wide">{booking.reference}</span>
              </Row>
              <Row term="Date">{showDateLabel(show.showDate, 'long')}</Row>
              <Row term="Time">{show.showTime}</Row>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              {booking.status === 'paid' && !booking.refund && (
                <Link
                  to={`/tickets/${encodeURIComponent(booking._id)}`}
                  className={buttonClassName('primary', 'px-3 py-1.5')}
                >
                  <Ticket aria-hidden className="size-4" />
                  Open ticket
                </Link>
              )}
              {booking.invoiceNumber && (
                <Link
                  to={`/invoices/${encodeURIComponent(booking._id)}`}
                  className={buttonClassName('secondary', 'px-3 py-1.5')}
                >
                  <FileText aria-hidden className="size-4" />
                  Tax invoice
                </Link>
              )}
            </div>
          </Section>
          <Section title="Seats">
            <ul aria-label="Booked seats" className="flex flex-wrap gap-2">
              {booking.bookedSeats.map((seat) => (
                <li
                  key={seat}
                  className="rounded-md border border-zinc-300 bg-zinc-50 px-2.5 py-1 text-sm font-semibold dark:border-zinc-700 dark:bg-zinc-800"
                >
                  {seat}
                </li>
              ))}
            </ul>
          </Section>
          {booking.items.length > 0 && (
            <Section title="Food & drinks">
              <dl className="text-sm">
                {booking.items.map((item) => (
                  <Row key={item.productId} term={`${item.quantity} × ${item.name}`}>
                    {formatPaise(rupeesToPaise(item.price) * item.quantity)}
                  </Row>
                ))}
              </dl>
            </Section>
          )}
          <Section title="Payment">
            <dl className="text-sm">
              <Row term="Total Amount">{formatRupees(booking.amount)}</Row>
              <Row term="Status">
                <StatusBadge kind={badge} />
              </Row>
              <Row term="Booking Date">{bookedOnLabel(booking.createdAt, timeZone)}</Row>
              {booking.refund && (
                <Row term="Refund">
                  {formatRupees(booking.refund.amount)}{' '}
                  {booking.refund.status === 'succeeded' ? 'refunded' : 'being refunded'}
                  {booking.refund.reason && (
                    <span className="block text-sm text-zinc-600 dark:text-zinc-400">
                      {booking.refund.reason}
                    </span>
                  )}
                </Row>
              )}
            </dl>
            {badge === 'pending' && (
              <div className="mt-2">
                <TimeLeft ms={timeLeftMs(booking.expiresAt, now)} />
              </div>
            )}
            {(badge === 'pending' || badge === 'paid') && (
              <CancellationPolicy startsAt={show.startsAt} className="mt-2" />
            )}
          </Section>
        </div>
        {(booking.paymentLink || canCancel) && (
          <div className="mt-2 flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-end dark:border-zinc-800">
            {canCancel && (
              <button
                type="button"
                onClick={() => {
                  if (!isCancelling) onCancel();
                }}
                aria-disabled={isCancelling || undefined}
                className={buttonClassName(
                  'secondary',
                  'text-red-700! hover:text-red-800! dark:text-red-400! dark:hover:text-red-300!',
                )}
              >
                <XCircle aria-hidden className="size-4" />
                {isCancelling ? 'Cancelling...' : 'Cancel Booking'}
              </button>
            )}
            {booking.paymentLink && (
              <a href={booking.paymentLink} className={buttonClassName('primary')}>
                <CreditCard aria-hidden className="size-4" />
                Complete Payment
              </a>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
