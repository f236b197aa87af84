import { isHoldLapsed, type ShowBooking as Booking } from '@marquee/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, RotateCw, Ticket } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useNow } from '../../../lib/use-now.ts';
import { signInPath, useSession } from '../../auth/use-session.ts';
import { getCancellation, useCancelBooking } from '../api/cancel-booking.ts';
import { userBookingsQueryKey, useUserBookings } from '../api/get-user-bookings.ts';
import { bookingBadge, splitBookings } from '../booking-status.ts';
import {
  cancelConfirmMessage,
  cancelFailureText,
  cancelSuccessText,
  cancelTooLateText,
} from '../cancel-flow.ts';
import { BookingCard } from './booking-card.tsx';
import { WaitlistSection } from './waitlist-section.tsx';
import { BookingDetailsModal } from './booking-details-modal.tsx';

function Heading() {
  return (
    <h1 id="my-bookings-heading" className="mb-6 text-3xl font-bold tracking-tight">
      My Bookings
    </h1>
  );
}

/** The soonest moment a pending booking's window closes, or null when none is open. */
function nextExpiry(bookings: readonly Booking[], now: number): number | null {
  const ends = bookings
    .filter((booking) => booking.status === 'pending')
    .map((booking) => Date.parse(booking.expiresAt))
    .filter((end) => !isHoldLapsed(end, now));
  return ends.length ? Math.min(...ends) : null;
}

// After a window closes the server releases the seats within seconds; ask again a little later.
const expirySettleMs = 3_000;

function BookingList({
  label,
  bookings,
  now,
  onOpen,
}: {
  label: string;
  bookings: readonly Booking[];
  now: number;
  onOpen: (id: string) => void;
}) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:gap-6 lg:grid-cols-2">
      {bookings.map((booking) => (
        <li key={booking._id}>
          <BookingCard
            booking={booking}
            badge={bookingBadge(booking, now)}
            now={now}
            onOpen={() => onOpen(booking._id)}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * My Bookings (spec §2): a card per booking, a details modal, cancel with the browser's dialogs.
 * Reached at /mybookings behind the sign-in guard, and at /mybooking, where a signed-out visitor
 * is asked to sign in here instead.
 */
export function MyBookingsPage() {
  const session = useSession();
  const isSignedIn = session.user !== null && !session.isPending;
  const query = useUserBookings(isSignedIn);
  const cancel = useCancelBooking();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);

  const bookings = useMemo(() => query.data?.bookings ?? [], [query.data]);
  const hasCountdown = bookings.some((booking) => booking.status === 'pending');
  const now = useNow(hasCountdown);
  const expiry = nextExpiry(bookings, now);

  useEffect(() => {
    if (expiry === null) return;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: userBookingsQueryKey }),
      expiry - Date.now() + expirySettleMs,
    );
    return () => window.clearTimeout(timer);
  }, [expiry, queryClient]);

  async function handleCancel(booking: Booking) {
    // What comes back is asked for just before the question, so the dialog says it exactly (§13).
    let question: string | null;
    try {
      question = cancelConfirmMessage(await getCancellation(booking._id), booking);
    } catch (error) {
      window.alert(cancelFailureText(error));
      return;
    }
    if (question === null) {
      window.alert(cancelTooLateText);
      return;
    }
    if (!window.confirm(question)) return;
    try {
      // Resolves once the list has been fetched again (the mutation's onSettled).
      await cancel.mutateAsync(booking._id);
      window.alert(cancelSuccessText);
    } catch (error) {
      window.alert(cancelFailureText(error));
    }
  }

  if (session.isPending) {
    return (
      <section aria-labelledby="my-bookings-heading">
        <Heading />
        <p role="status" className="text-zinc-600 dark:text-zinc-400">
          Loading bookings...
        </p>
      </section>
    );
  }

  if (!isSignedIn) {
    return (
      <section aria-labelledby="my-bookings-heading">
        <title>My Bookings — Marquee</title>
        <Heading />
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-4 py-16 text-center dark:border-zinc-700">
          <p className="text-lg font-semibold">Please sign in to view your bookings</p>
          <Link to={signInPath('/mybookings')} className={buttonClassName('primary', 'mt-2')}>
            <LogIn aria-hidden className="size-4" />
            Sign In
          </Link>
        </div>
      </section>
    );
  }

  const { live, past } = splitBookings(bookings, now);
  const openBooking = bookings.find((booking) => booking._id === openId) ?? null;

  return (
    <section aria-labelledby="my-bookings-heading">
      <title>My Bookings — Marquee</title>
      <Heading />
      {query.isPending ? (
        <p role="status" className="text-zinc-600 dark:text-zinc-400">
          Loading bookings...
        </p>
      ) : query.isError ? (
        // Not the empty state: that would tell the user their bookings are gone.
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-red-700 dark:text-red-400">
            {query.error instanceof ApiError ? query.error.message : 'Failed to fetch bookings'}
          </p>
          <button type="button" onClick={() => void query.refetch()} className={buttonClassName('secondary')}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </button>
        </div>
      ) : bookings.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-4 py-16 text-center dark:border-zinc-700">
          <Ticket aria-hidden className="size-10 text-zinc-500 dark:text-zinc-400" />
          <h2 className="text-xl font-semibold">No bookings found</h2>
          <p className="text-zinc-600 dark:text-zinc-400">You haven't made any bookings yet</p>
          <Link to="/" className={buttonClassName('primary', 'mt-3')}>
            Browse movies
          </Link>
        </div>
      ) : (
        <>
          {live.length > 0 ? (
            <BookingList label="Bookings" bookings={live} now={now} onOpen={setOpenId} />
          ) : (
            <p className="text-zinc-600 dark:text-zinc-400">
              No upcoming bookings.{' '}
              <Link
                to="/"
                className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
              >
                Browse movies
              </Link>
            </p>
          )}
          {past.length > 0 && (
            <section aria-labelledby="past-bookings-heading" className="mt-10">
              <h2 id="past-bookings-heading" className="mb-4 text-xl font-semibold">
                Past and cancelled
              </h2>
              <BookingList label="Past and cancelled bookings" bookings={past} now={now} onOpen={setOpenId} />
            </section>
          )}
        </>
      )}
      <WaitlistSection
        isSignedIn={isSignedIn}
        paymentLinkOf={(id) => bookings.find((b) => b._id === id)?.paymentLink ?? null}
      />
      {openBooking && (
        <BookingDetailsModal
          booking={openBooking}
          badge={bookingBadge(openBooking, now)}
          now={now}
          isCancelling={cancel.isPending}
          onCancel={() => void handleCancel(openBooking)}
          onClose={() => setOpenId(null)}
        />
      )}
    </section>
  );
}
