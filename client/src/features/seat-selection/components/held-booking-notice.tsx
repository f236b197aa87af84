import { formatRupees } from '@marquee/shared';
import { Clock, CreditCard } from 'lucide-react';
import { useId } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import type { HeldBooking } from '../../my-bookings/use-held-booking.ts';

/**
 * The buyer's own booking of this show that waits for payment, where they meet the seat map again
 * (back from the payment page, say): which seats, how long they stay held, and the way to pay.
 */
export function HeldBookingNotice({ held }: { held: HeldBooking }) {
  const headingId = useId();
  const { booking } = held;
  const seats = booking.bookedSeats.join(', ');
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border-2 border-sky-700 bg-sky-50 p-4 text-sky-950 dark:border-sky-400 dark:bg-sky-950/60 dark:text-sky-50"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden className="size-4 shrink-0" />
        Your seats are held: {seats}
      </h3>
      <p className="mt-1 text-sm">
        Pay within{' '}
        <span role="timer" aria-label={held.spokenTimeLeft} className="font-bold tabular-nums">
          {held.timeLeft}
        </span>{' '}
        to keep them ({formatRupees(booking.amount)}). After that they go back on sale.
      </p>
      {booking.paymentLink && (
        <a href={booking.paymentLink} className={buttonClassName('primary', 'mt-3 w-full sm:w-auto')}>
          <CreditCard aria-hidden className="size-4" />
          Pay now
        </a>
      )}
    </section>
  );
}
