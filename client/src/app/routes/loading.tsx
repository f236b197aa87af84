import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { nextPath } from '../../features/seat-selection/next-url.ts';
import { readPaidBooking } from '../../lib/paid-booking.ts';

// Spec §9: the processing page waits this long before moving on.
const redirectDelayMs = 7_000;

/**
 * /loading?next_url=… — shown after payment, then moves on. Arriving from our own payment page
 * the payment is already confirmed, so it says so (with the booking's reference) rather than
 * asking the buyer to wait for something that has happened; otherwise it is still processing.
 */
export function LoadingRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const paid = readPaidBooking(location.state);
  const target = params.has('next_url') ? (nextPath(params.get('next_url')) ?? '/') : null;

  useEffect(() => {
    if (target === null) return;
    // A full load, so the next page reads the booking's fresh state from the server.
    const timer = window.setTimeout(() => window.location.assign(target), redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [target]);

  if (paid) {
    const goesToBookings = target === '/mybookings';
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 text-center">
        <title>Payment successful — Marquee</title>
        <CircleCheck aria-hidden className="size-14 text-green-700 dark:text-green-400" />
        <div role="status">
          <h1 className="text-2xl font-bold tracking-tight">Payment successful</h1>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300">
            Your booking for {paid.movieTitle} ({paid.seats.join(', ')}) is confirmed.
          </p>
          {paid.reference && (
            <p className="mt-3 text-zinc-700 dark:text-zinc-300">
              Booking reference{' '}
              <span className="font-mono text-lg font-bold tracking-wider text-zinc-900 dark:text-zinc-100">
                {paid.reference}
              </span>
            </p>
          )}
          {target !== null && (
            <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
              {goesToBookings ? 'Taking you to My Bookings…' : 'Taking you on…'}
            </p>
          )}
        </div>
        {target !== null && (
          <Link
            to={target}
            reloadDocument
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {goesToBookings ? 'Go to My Bookings now' : 'Continue now'}
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 text-center">
      <title>Processing payment — Marquee</title>
      <LoaderCircle
        aria-hidden
        className="size-14 animate-spin text-brand-700 motion-reduce:animate-none dark:text-brand-400"
      />
      <div role="status">
        <p className="text-xl font-semibold">Processing payment...</p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Please keep this page open while we confirm your booking.
        </p>
      </div>
    </div>
  );
}
