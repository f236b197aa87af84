import {
  formatPaise,
  formatRupees,
  formatTimeOfDay,
  toZonedParts,
  zonedDate,
  type ShowBooking as Booking,
  type Movie,
  type Show,
} from '@marquee/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CircleAlert, CreditCard, LoaderCircle, Repeat } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import {
  fallbackTimeZone,
  useCancellationTiers,
  useCinemaConfig,
  useCinemaTimeZone,
} from '../../../lib/cinema-config.ts';
import { canChangeBooking, changeableUntil, differenceText, ticketsPaise } from '../../../lib/exchange.ts';
import { gridLayout, layoutClasses, pricesInPaise, selectionAmount } from '../../../lib/screen-layout.ts';
import { useSession } from '../../auth/use-session.ts';
import { userBookingsQueryKey, useUserBookings } from '../../my-bookings/api/get-user-bookings.ts';
import { useExchangeBooking } from '../api/exchange-booking.ts';
import { useMovieShows } from '../api/get-movie-shows.ts';
import { showSeatsQueryKey, useShowSeats } from '../api/get-show-seats.ts';
import { dateLabel, distinctShowDates, longDateLabel } from '../date-labels.ts';
import { strandedPreview } from '../seat-state.ts';
import { heldSeatMessage, useHeldBack } from '../use-held-back.ts';
import { strandedMessage } from './booking-view.tsx';
import { SeatSection } from './seat-section.tsx';
import { ShowSchedule } from './show-schedule.tsx';
import { WheelchairNote } from './wheelchair-note.tsx';

const card = 'rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
const fullToastId = 'change-seats-full';
const byStart = (a: Show<Movie>, b: Show<Movie>) => a.startsAt.localeCompare(b.startsAt);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

function BackToBookings() {
  return (
    <Link to="/mybookings" className={buttonClassName('secondary')}>
      <ArrowLeft aria-hidden className="size-4" />
      My Bookings
    </Link>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${card} flex flex-col items-start gap-3`}>
      <h1 id="change-heading" className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <div className="text-zinc-700 dark:text-zinc-300">{children}</div>
      <BackToBookings />
    </div>
  );
}

/**
 * /mybookings/:id/change — "Change seats or time" (CONTRACT §13): another show of the same film,
 * then as many seats as the booking has, the price difference said before confirming. Cheaper or
 * the same: done at once; dearer: the payment page for the difference (the old seats stay the
 * buyer's until it is paid).
 */
export function ChangeBookingPage({ bookingId }: { bookingId: string }) {
  const session = useSession();
  const isSignedIn = session.user !== null && !session.isPending;
  const bookings = useUserBookings(isSignedIn);
  const tiers = useCancellationTiers();
  const timeZone = useCinemaTimeZone();
  // Read once for the page: whether the change is still allowed is the server's to say at confirm.
  const [openedAt] = useState(() => Date.now());
  const booking = bookings.data?.bookings.find((candidate) => candidate._id === bookingId);

  return (
    <section aria-labelledby="change-heading" className="mx-auto max-w-6xl">
      <title>Change seats or time — Marquee</title>
      {bookings.isPending || !tiers ? (
        <p role="status" className="py-10 text-center text-zinc-600 dark:text-zinc-400">
          Loading booking...
        </p>
      ) : bookings.isError ? (
        <Notice title="Change seats or time">
          <p role="alert">
            {bookings.error instanceof ApiError ? bookings.error.message : 'Failed to fetch bookings'}
          </p>
        </Notice>
      ) : !booking ? (
        <Notice title="Booking not found">
          <p>This booking is not one of yours, or it no longer exists.</p>
        </Notice>
      ) : booking.exchange ? (
        <Notice title="A change is waiting for payment">
          <p>
            Your change to {booking.exchange.bookedSeats.join(', ')} waits for the difference of{' '}
            {formatRupees(booking.exchange.amount)}.{' '}
            {booking.exchange.paymentLink && (
              <a
                href={booking.exchange.paymentLink}
                className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300"
              >
                Pay the difference
              </a>
            )}
          </p>
        </Notice>
      ) : !canChangeBooking(booking, tiers, openedAt) ? (
        <Notice title="This booking can no longer be changed">
          <p>
            Only a paid booking bought online can be changed, until{' '}
            {changeCutOffText(booking, tiers, timeZone)}, and not once it has been admitted at the door.
          </p>
        </Notice>
      ) : (
        <ChangeView key={booking._id} booking={booking} />
      )}
    </section>
  );
}

function useChangeCutOff(booking: Booking): string {
  const tiers = useCancellationTiers() ?? [];
  return changeCutOffText(booking, tiers, useCinemaTimeZone());
}

/** "5:30 PM on Friday, 12 June": the first tier's cut-off on the cinema's clock. */
function changeCutOffText(
  booking: Booking,
  tiers: Parameters<typeof changeableUntil>[1],
  timeZone: string,
): string {
  const until = changeableUntil(booking, tiers);
  if (!until) return 'the show';
  const { date, minutes } = toZonedParts(until, timeZone);
  return `${formatTimeOfDay(minutes)} on ${longDateLabel(date)}`;
}

function ChangeView({ booking }: { booking: Booking }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useCinemaConfig();
  const timeZone = config.data?.timeZone ?? fallbackTimeZone;
  const today = zonedDate(new Date(), timeZone);
  const cutOff = useChangeCutOff(booking);
  const count = booking.bookedSeats.length;
  const movie = booking.show.movie;

  const showsQuery = useMovieShows(movie._id);
  const shows = useMemo(() => [...(showsQuery.data?.shows ?? [])].sort(byStart), [showsQuery.data]);
  const dates = useMemo(() => distinctShowDates(shows), [shows]);

  // Starts on the booking as it is: its show, its seats chosen; each step clears the ones after it.
  const [choice, setChoice] = useState({
    date: booking.show.showDate as string | null,
    showId: booking.show._id as string | null,
    seats: booking.bookedSeats,
  });
  const date = choice.date && dates.includes(choice.date) ? choice.date : null;
  const showsOfDate = date ? shows.filter((show) => show.showDate === date) : [];
  const show = showsOfDate.find((candidate) => candidate._id === choice.showId) ?? null;
  const isOwnShow = show?._id === booking.show._id;

  const seatInfo = useShowSeats(show?._id ?? null);
  const totalSeats = seatInfo.seats?.totalSeats ?? show?.totalSeats ?? 0;
  const serverLayout = seatInfo.seats?.layout;
  const layout = useMemo(() => serverLayout ?? gridLayout(totalSeats), [serverLayout, totalSeats]);
  const serverPrices = seatInfo.seats?.prices;
  const prices = useMemo(
    () =>
      serverPrices ?? Object.fromEntries(layoutClasses(layout).map((name) => [name, show?.showPrice ?? 0])),
    [serverPrices, layout, show?.showPrice],
  );
  // On its own show the booking's seats are its own to keep or give up: free on this map.
  const ownSeats = booking.bookedSeats;
  const occupied = useMemo(() => {
    if (!isOwnShow) return seatInfo.occupied;
    return new Set([...seatInfo.occupied].filter((seat) => !ownSeats.includes(seat)));
  }, [isOwnShow, seatInfo.occupied, ownSeats]);
  // The counts above the map agree with it: the booking's own seats are free to it, not booked.
  const counted = useMemo(() => {
    const info = seatInfo.seats;
    if (!info || !isOwnShow) return info;
    const own = ownSeats.filter((seat) => seatInfo.occupied.has(seat)).length;
    return { ...info, availableSeats: info.availableSeats + own };
  }, [isOwnShow, seatInfo.seats, seatInfo.occupied, ownSeats]);
  const selected = choice.showId === show?._id ? choice.seats.filter((seat) => !occupied.has(seat)) : [];
  const { totalPaise } = selectionAmount(layout, pricesInPaise(prices), selected);
  const isComplete = selected.length === count;
  const differencePaise = totalPaise - ticketsPaise(booking);
  const isSame = isOwnShow && isComplete && selected.every((seat) => ownSeats.includes(seat));

  const { needsWheelchair, setNeedsWheelchair, isBeforeRelease, isHeldBack, heldBack, releaseTime } =
    useHeldBack(layout, seatInfo.seats?.accessibleReleaseAt ?? null, timeZone);
  const stranded = strandedPreview(layout, occupied, selected, {
    gapRule: config.data?.seatGapRule !== false,
    needsWheelchair,
    released: !isBeforeRelease,
  });

  const exchange = useExchangeBooking(booking._id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const summary = useRef<HTMLElement>(null);

  function chooseDate(next: string) {
    setRefusal(null);
    setChoice({ date: next, showId: null, seats: [] });
  }
  function chooseShow(next: string) {
    setRefusal(null);
    setChoice({ date, showId: next, seats: next === booking.show._id ? booking.bookedSeats : [] });
  }
  function toggleSeat(seatId: string) {
    if (exchange.isPending || occupied.has(seatId)) return;
    // A held seat already chosen (the booking's own wheelchair space, say) can always be given up.
    if (heldBack.has(seatId) && !selected.includes(seatId)) {
      toast.info(heldSeatMessage(seatId, releaseTime, 'change to'), { toastId: 'held-seat' });
      return;
    }
    setRefusal(null);
    if (selected.includes(seatId)) {
      setChoice({ ...choice, seats: selected.filter((seat) => seat !== seatId) });
      return;
    }
    if (selected.length >= count) {
      toast.info(`Your booking has ${count} seat${count === 1 ? '' : 's'}: unselect one to choose another.`, {
        toastId: fullToastId,
      });
      return;
    }
    setChoice({ ...choice, seats: [...selected, seatId] });
  }

  async function confirm() {
    if (!show || !isComplete || isSame || exchange.isPending) return;
    setRefusal(null);
    try {
      const answer = await exchange.mutateAsync({
        showId: show._id,
        selectedSeats: selected,
        ...(needsWheelchair ? { accessible: true } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: showSeatsQueryKey(show._id) });
      void queryClient.invalidateQueries({ queryKey: showSeatsQueryKey(booking.show._id) });
      if (answer.url) {
        // The difference is paid on the payment page; until then the booking keeps its seats.
        window.location.assign(answer.url);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: userBookingsQueryKey });
      toast.success(`${answer.message} Your new ticket is ready.`);
      await navigate('/mybookings');
    } catch (error) {
      setRefusal(
        error instanceof ApiError ? error.message : 'The booking could not be changed. Please try again.',
      );
      void queryClient.invalidateQueries({ queryKey: showSeatsQueryKey(show._id) });
    }
  }

  const showsError = showsQuery.isError
    ? showsQuery.error instanceof ApiError
      ? showsQuery.error.message
      : 'Failed to fetch movie shows'
    : null;
  const newTime = show ? `${longDateLabel(show.showDate)}, ${show.showTime}` : '';
  const missing = count - selected.length;
  const blocker = !show
    ? 'Choose a show time.'
    : missing > 0
      ? `Choose ${missing} more seat${missing === 1 ? '' : 's'} (${selected.length} of ${count} chosen).`
      : isSame
        ? 'These are the seats you have: choose other seats or another show.'
        : null;

  return (
    <div className="space-y-8">
      <div className={card}>
        <h1 id="change-heading" className="text-2xl font-bold tracking-tight">
          Change seats or time
        </h1>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          {movie.title} · booking <span className="font-mono font-semibold">{booking.reference}</span>
        </p>
        <dl className="mt-3 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          <Row term="Now">
            {longDateLabel(booking.show.showDate)}, {booking.show.showTime}
          </Row>
          <Row term="Seats now">{booking.bookedSeats.join(', ')}</Row>
        </dl>
        <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
          Choose another show of {movie.title}, or other seats of this one: {count} seat
          {count === 1 ? '' : 's'}, as many as your booking has. You can change until {cutOff}.
          {booking.items.length > 0 && ' Your food and drinks stay with the booking.'}
        </p>
      </div>

      <ShowSchedule
        dates={dates}
        today={today}
        date={date}
        shows={showsOfDate}
        showId={show?._id ?? null}
        isLoading={showsQuery.isPending}
        error={showsError}
        onRetry={() => void showsQuery.refetch()}
        onChooseDate={chooseDate}
        onChooseShow={chooseShow}
      />

      {show && date && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <p role="status" className="sr-only">
            {selected.length === 0
              ? 'No seats chosen'
              : `${selected.length} of ${count} seats chosen: ${selected.join(', ')}.${isComplete ? ` ${differenceText(differencePaise)}.` : ''}`}
          </p>
          <div className="min-w-0">
            <SeatSection
              layout={layout}
              prices={prices}
              held={heldBack}
              stranded={stranded}
              seats={counted}
              isLoading={seatInfo.isPending}
              occupied={occupied}
              selected={new Set(selected)}
              onToggle={toggleSeat}
              label={`Seats for ${show.showTime}, ${dateLabel(date, today)}`}
              notice={
                isHeldBack && (
                  <WheelchairNote
                    releaseTime={releaseTime}
                    needsWheelchair={needsWheelchair}
                    onChange={setNeedsWheelchair}
                  />
                )
              }
            />
          </div>
          <section
            ref={summary}
            aria-labelledby="change-summary-heading"
            className={`${card} scroll-mt-24 lg:sticky lg:top-24`}
          >
            <h2 id="change-summary-heading" className="text-lg font-semibold">
              Your change
            </h2>
            <dl className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              <Row term="From">
                {longDateLabel(booking.show.showDate)}, {booking.show.showTime}:{' '}
                {booking.bookedSeats.join(', ')}
              </Row>
              <Row term="To">
                {newTime}: {selected.length ? selected.join(', ') : '—'}
              </Row>
              <Row term="New seats cost">{isComplete ? formatPaise(totalPaise) : '—'}</Row>
            </dl>
            {isComplete && !isSame && (
              <p
                className={`mt-3 rounded-lg px-4 py-3 text-center text-lg font-bold ${
                  differencePaise > 0
                    ? 'bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-50'
                    : differencePaise < 0
                      ? 'bg-green-50 text-green-900 dark:bg-green-950/50 dark:text-green-100'
                      : 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100'
                }`}
              >
                {differenceText(differencePaise)}
              </p>
            )}
            {isComplete && !isSame && (
              <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
                {differencePaise > 0
                  ? 'You pay the difference next. Your current seats stay yours until it is paid.'
                  : differencePaise < 0
                    ? 'The difference is refunded to the way you paid. Your new ticket replaces the old one.'
                    : 'Nothing to pay. Your new ticket replaces the old one.'}
              </p>
            )}
            {stranded && (
              <p className="mt-3 flex gap-2 text-sm text-amber-800 dark:text-amber-300">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {strandedMessage(stranded)}
              </p>
            )}
            {blocker && <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">{blocker}</p>}
            {refusal && (
              <p role="alert" className="mt-3 flex gap-2 text-sm text-red-700 dark:text-red-400">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {refusal}
              </p>
            )}
            <div className="mt-4 flex flex-col gap-3">
              <button
                type="button"
                onClick={() => void confirm()}
                aria-disabled={blocker !== null || exchange.isPending || undefined}
                className={buttonClassName(
                  'primary',
                  `w-full py-3 text-base ${blocker !== null ? 'cursor-not-allowed opacity-60' : ''}`,
                )}
              >
                {exchange.isPending ? (
                  <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
                ) : differencePaise > 0 && isComplete ? (
                  <CreditCard aria-hidden className="size-5" />
                ) : (
                  <Repeat aria-hidden className="size-5" />
                )}
                {exchange.isPending
                  ? 'Changing...'
                  : isComplete && differencePaise > 0
                    ? `Continue to pay ${formatPaise(differencePaise)}`
                    : 'Confirm change'}
              </button>
              <Link to="/mybookings" className={buttonClassName('secondary')}>
                Keep my booking as it is
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
