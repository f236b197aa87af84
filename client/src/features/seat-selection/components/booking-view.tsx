import {
  bestAvailable,
  compareSeats,
  formatPaise,
  MAX_SEATS_PER_BOOKING,
  priceOfClass,
  messages,
  zonedDate,
  type Movie,
  type Show,
  type ShowsResponse,
} from '@marquee/shared';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ApiError } from '../../../lib/api.ts';
import { handOverPaymentWarning, paymentWarning } from '../../../lib/payment-warning.ts';
import {
  pricesInPaise,
  selectionAmount,
  gridLayout,
  layoutClasses,
  seatIds,
} from '../../../lib/screen-layout.ts';
import { signInPath, useSession } from '../../auth/use-session.ts';
import { useFavourites } from '../../favourites/api/get-favourites.ts';
import { useToggleFavourite } from '../../favourites/api/toggle-favourite.ts';
import { fallbackTimeZone, useCinemaConfig } from '../../../lib/cinema-config.ts';
import { useCreateBooking, type CreateBookingInput } from '../api/create-booking.ts';
import { showSeatsQueryKey, useShowSeats } from '../api/get-show-seats.ts';
import { userBookingsQueryKey } from '../../my-bookings/api/get-user-bookings.ts';
import { useHeldBooking } from '../../my-bookings/use-held-booking.ts';
import { bookingRefusal, standingRefusal, type BookingRefusal } from '../booking-failure.ts';
import { dateLabel, defaultShowDate, distinctShowDates, longDateLabel } from '../date-labels.ts';
import {
  seatsTakenFromSelection,
  seatsTakenMessage,
  strandedPreview,
  withoutOccupied,
} from '../seat-state.ts';
import { useBookingSelection } from '../use-booking-selection.ts';
import { heldSeatMessage, useHeldBack } from '../use-held-back.ts';
import { BestAvailable } from './best-available.tsx';
import { JoinWaitlist, PartyWaitlist } from './join-waitlist.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { HeldBookingNotice } from './held-booking-notice.tsx';
import { menuKey, useMenu } from '../../food/api/products.ts';
import { chosenLines, FoodPicker, itemsOfChoice, type ItemChoice } from './food-picker.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { MovieDetails } from './movie-details.tsx';
import { SeatSection } from './seat-section.tsx';
import { SelectedShowCard } from './selected-show-card.tsx';
import { ShowSchedule } from './show-schedule.tsx';
import { SignInHint } from './sign-in-hint.tsx';
import { WheelchairNote } from './wheelchair-note.tsx';

interface BookingViewProps {
  movie: Movie;
  showsQuery: UseQueryResult<ShowsResponse>;
}

const seatConflictToastId = 'seat-conflict';
const loginPromptToastId = 'login-prompt';
const maxSeatsToastId = 'max-seats';

const byStart = (a: Show<Movie>, b: Show<Movie>) => a.startsAt.localeCompare(b.startsAt);

/** What the seat selection's live region says, e.g. "2 seats selected: C5, C6. Total ₹440". */
function selectionStatus(seats: readonly string[], totalPaise: number): string {
  if (seats.length === 0) return 'No seats selected';
  const count = `${seats.length} ${seats.length === 1 ? 'seat' : 'seats'}`;
  return `${count} selected: ${seats.join(', ')}. Total ${formatPaise(totalPaise)}`;
}

/** The single-seat rule in the server's words (CONTRACT §7). */
export function strandedMessage(seatId: string): string {
  return `Seat ${seatId} would be left on its own — choose seats next to it or leave a gap of two`;
}

/** A way here that asks for the seat map (`navigate(address, { state: { toSeats: true } })`). */
function hasSeatsRequest(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'toSeats' in state && state.toSeats === true;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The booking page of a loaded movie: details, date, show time, seats and summary. */
export function BookingView({ movie, showsQuery }: BookingViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // A session still being checked counts as signed out (spec §4).
  const isSignedIn = session.user !== null && !session.isPending;

  const config = useCinemaConfig();
  const today = zonedDate(new Date(), config.data?.timeZone ?? fallbackTimeZone);
  const shows = useMemo(() => [...(showsQuery.data?.shows ?? [])].sort(byStart), [showsQuery.data]);
  const dates = useMemo(() => distinctShowDates(shows), [shows]);

  const selection = useBookingSelection({
    defaultDate: defaultShowDate(dates, today),
    maxSeats: MAX_SEATS_PER_BOOKING,
  });
  const signInHref = signInPath(selection.address(location.pathname));
  // A chosen date can vanish when its last show starts while the page is open.
  const date = selection.date && dates.includes(selection.date) ? selection.date : null;
  const showsOfDate = date ? shows.filter((show) => show.showDate === date) : [];
  const show = showsOfDate.find((candidate) => candidate._id === selection.showId) ?? null;

  const seatInfo = useShowSeats(show?._id ?? null);
  const totalSeats = seatInfo.seats?.totalSeats ?? show?.totalSeats ?? 0;
  // The show's own layout; a server without screens means the spec's rows of 12 at one price.
  const serverLayout = seatInfo.seats?.layout;
  const layout = useMemo(() => serverLayout ?? gridLayout(totalSeats), [serverLayout, totalSeats]);
  const layoutSeatIds = useMemo(() => new Set(seatIds(layout)), [layout]);
  const isWideMap = layout.rows.some(({ seats }) => seats.length > 16);
  const serverPrices = seatInfo.seats?.prices;
  const prices = useMemo(
    () =>
      serverPrices ?? Object.fromEntries(layoutClasses(layout).map((name) => [name, show?.showPrice ?? 0])),
    [serverPrices, layout, show?.showPrice],
  );
  // Seats from the address are only a wish: those not on this show's map are left out.
  const selectedSeats = withoutOccupied(selection.seats, seatInfo.occupied).filter((seat) =>
    layoutSeatIds.has(seat),
  );
  const pricesPaise = useMemo(() => pricesInPaise(prices), [prices]);
  const { subtotals, totalPaise } = selectionAmount(layout, pricesPaise, selectedSeats);

  // Wheelchair spaces and their companions are held back until the release time (CONTRACT §7).
  const { needsWheelchair, setNeedsWheelchair, isBeforeRelease, isHeldBack, heldBack, releaseTime } =
    useHeldBack(
      layout,
      seatInfo.seats?.accessibleReleaseAt ?? null,
      config.data?.timeZone ?? fallbackTimeZone,
    );
  // The seat this selection would leave on its own: pointed at before Book, as the server refuses
  // it; not when the cinema has the rule off (SEAT_GAP_RULE), where the booking stands.
  const stranded = strandedPreview(layout, seatInfo.occupied, selectedSeats, {
    gapRule: config.data?.seatGapRule !== false,
    needsWheelchair,
    released: !isBeforeRelease,
  });
  /** The party best available last found no seats together for, on the show chosen then. */
  const [bestMiss, setBestMiss] = useState<{ showId: string; quantity: number; seatClass?: string } | null>(
    null,
  );
  // The seats best available last picked: the summary says so while they are the selection.
  const [bestPickKey, setBestPickKey] = useState<string | null>(null);
  // The last refusal of Book Now, said beside it while the seats it was about stay chosen.
  const [lastRefusal, setLastRefusal] = useState<BookingRefusal | null>(null);
  const refusal = standingRefusal(lastRefusal, selectedSeats);
  // This buyer's own booking of the show that waits for payment: its seats are theirs (issue 34).
  const held = useHeldBooking(show?._id ?? null, isSignedIn);
  const heldSeats = held?.booking.bookedSeats;
  const mine = useMemo(() => new Set(heldSeats ?? []), [heldSeats]);
  const canChooseSeats = isSignedIn && (seatInfo.seats?.status ?? show?.status) === 'active';
  // A miss on another show time says nothing of this one.
  const missed = bestMiss && bestMiss.showId === show?._id ? bestMiss : null;

  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();
  const [itemChoice, setItemChoice] = useState<ItemChoice>({});
  const menu = useMenu();
  const itemLines = chosenLines(itemChoice, menu.data?.products ?? []);
  const items = itemsOfChoice(itemChoice);
  // From the click until the window has left for payment: one booking per click, no double submit.
  const [isBooking, setIsBooking] = useState(false);

  // Seats the visitor had selected that someone else has just taken leave the selection, and the
  // visitor is told which. Not while our own booking is in flight: its seats turn occupied too.
  const { seats: chosenSeats, dropSeats } = selection;
  useEffect(() => {
    if (isBooking) return;
    const taken = seatsTakenFromSelection(chosenSeats, seatInfo.occupied);
    if (taken.length === 0) return;
    toast.info(seatsTakenMessage(taken), { toastId: seatConflictToastId });
    dropSeats(taken);
  }, [chosenSeats, dropSeats, seatInfo.occupied, isBooking]);

  const favourites = useFavourites(isSignedIn);
  const toggleFavourite = useToggleFavourite();

  // Bring the seat map into view when a time is picked (it is below the fold on phones).
  const seatSection = useRef<HTMLElement>(null);
  const revealSeats = useRef(false);
  useEffect(() => {
    if (!show || !revealSeats.current) return;
    revealSeats.current = false;
    seatSection.current?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'nearest',
    });
  }, [show]);

  // The warning that the selection is full goes once a seat is given up; the prompt to sign in,
  // once signed in (it was raised before the way to the sign-in page, and would come back with it).
  const isFull = selectedSeats.length >= MAX_SEATS_PER_BOOKING;
  useEffect(() => {
    if (!isFull) toast.dismiss(maxSeatsToastId);
  }, [isFull]);
  useEffect(() => {
    if (isSignedIn) toast.dismiss(loginPromptToastId);
  }, [isSignedIn]);

  // Arriving with seats already in the address (back from signing in part-way, or a reload), with
  // seats of their own held for the show (back from the payment page), or sent to choose again,
  // the buyer is brought to the seat map and the summary, not the top of the film (issue 34).
  const [arrival] = useState(() => ({
    hasShow: selection.showId !== null,
    hasSeats: selection.seats.length > 0 || hasSeatsRequest(location.state),
  }));
  const isMapReady = show !== null && seatInfo.seats !== undefined;
  const shouldResume = arrival.hasSeats || (arrival.hasShow && held !== null);
  const hasResumed = useRef(false);
  useEffect(() => {
    if (!shouldResume || !isMapReady || hasResumed.current) return;
    // After the page's own scroll to the top (its parent's effect runs after this one).
    const frame = requestAnimationFrame(() => {
      hasResumed.current = true;
      seatSection.current?.scrollIntoView({ behavior: 'auto', block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [shouldResume, isMapReady]);

  // Sign-in comes back to this address, which holds the date, time and seats chosen so far.
  function requireSignIn(message = 'Please login to proceed with booking', returnTo?: string) {
    toast.info(message, { toastId: loginPromptToastId });
    void navigate(returnTo ? signInPath(returnTo) : signInHref);
  }

  function handleSeat(seatId: string) {
    if (!isSignedIn) return requireSignIn(undefined, selection.addressWithSeat(location.pathname, seatId));
    if (!canChooseSeats || isBooking || seatInfo.occupied.has(seatId)) return;
    // A held seat already chosen (the box ticked, then unticked) can always be given up.
    if (heldBack.has(seatId) && !selectedSeats.includes(seatId)) {
      toast.info(heldSeatMessage(seatId, releaseTime, 'book'), { toastId: 'held-seat' });
      return;
    }
    if (!selection.toggleSeat(seatId, seatInfo.occupied)) {
      toast.warning(messages.maxSeats, { toastId: maxSeatsToastId });
    }
  }

  async function handleBook() {
    if (!isSignedIn || !session.user) return requireSignIn();
    if (selectedSeats.length === 0) {
      toast.error(messages.noSeats);
      return;
    }
    if (!show || isBooking) return;
    await book({
      showId: show._id,
      selectedSeats,
      ...(needsWheelchair ? { accessible: true } : {}),
      ...(items.length ? { items } : {}),
      userId: session.user.id,
    });
  }

  /**
   * Best available picks from the map as this page sees it, with the server's own rule (CONTRACT
   * §7), and puts the seats in the selection: the buyer sees them on the map and in the summary,
   * may change them, and books them with Book Now (issue 34). The server still checks them then.
   */
  function handleBestAvailable(quantity: number, seatClass: string | undefined) {
    if (!isSignedIn || !session.user) return requireSignIn();
    if (!show || isBooking) return;
    const picked = bestAvailable(layout, seatInfo.occupied, quantity, seatClass);
    if (!picked) {
      setBestMiss({ showId: show._id, quantity, seatClass });
      return;
    }
    setBestMiss(null);
    selection.replaceSeats(picked);
    setBestPickKey([...picked].sort(compareSeats).join(','));
    revealSummary.current = true;
  }

  // Bring the summary into view once best available has filled it (below the map on a phone).
  const summary = useRef<HTMLDivElement>(null);
  const revealSummary = useRef(false);
  const selectedKey = selectedSeats.join(',');
  useEffect(() => {
    if (!revealSummary.current || !selectedKey) return;
    revealSummary.current = false;
    summary.current?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'nearest',
    });
  }, [selectedKey]);

  /** Holds the seats and sends the window to payment, or tells why not. */
  async function book(input: CreateBookingInput) {
    if (!show) return;
    setLastRefusal(null);
    setIsBooking(true);
    try {
      const answer = await createBooking.mutateAsync(input);
      // Spec §4, in this order: warn, refresh the occupied seats, clear the selection, then
      // send the whole window to the payment page.
      toast.warning(paymentWarning);
      await queryClient.invalidateQueries({ queryKey: showSeatsQueryKey(show._id) });
      selection.clearSeats();
      handOverPaymentWarning(answer.url);
      window.location.assign(answer.url);
    } catch (error) {
      // Said beside Book Now rather than in a toast over the map (issue 34), and gone once the
      // seats change. Seats someone else took leave the selection when the map is fetched again,
      // and the toast that says so replaces this.
      const refused = 'selectedSeats' in input ? input.selectedSeats : [];
      setLastRefusal(bookingRefusal(error, refused));
      // A refusal (seats taken meanwhile) is best followed by the map as it now is, and a booking
      // waiting for payment by the buyer's own list, which marks its seats as theirs.
      void queryClient.invalidateQueries({ queryKey: showSeatsQueryKey(show._id) });
      void queryClient.invalidateQueries({ queryKey: userBookingsQueryKey });
      // `409 Only {n} {name} left`: someone bought meanwhile; the menu shown must say what is left.
      if (error instanceof ApiError && error.status === 409 && error.message.startsWith('Only '))
        void queryClient.invalidateQueries({ queryKey: menuKey });
      setIsBooking(false);
    }
  }

  const showsError = showsQuery.isError
    ? showsQuery.error instanceof ApiError
      ? showsQuery.error.message
      : 'Failed to fetch movie shows'
    : null;
  const showDate = date ? longDateLabel(date) : '';

  return (
    <div className="space-y-8">
      <title>{`Book ${movie.title} — Marquee`}</title>
      <MovieDetails
        movie={movie}
        cinemaName={config.data?.cinemaName ?? ''}
        favourite={
          <FavouriteButton
            movieTitle={movie.title}
            isFavourite={isSignedIn && favourites.isFavourite(movie._id)}
            isBusy={toggleFavourite.isPending}
            onToggle={() =>
              isSignedIn ? toggleFavourite.mutate(movie._id) : requireSignIn('Please login to add favourites')
            }
          />
        }
      />

      <ShowSchedule
        dates={dates}
        today={today}
        date={date}
        shows={showsOfDate}
        showId={show?._id ?? null}
        isLoading={showsQuery.isPending}
        error={showsError}
        onRetry={() => void showsQuery.refetch()}
        onChooseDate={selection.chooseDate}
        onChooseShow={(showId) => {
          revealSeats.current = true;
          selection.chooseShow(showId);
        }}
        afterTimes={<JoinWaitlist shows={showsOfDate} isSignedIn={isSignedIn} onSignIn={requireSignIn} />}
      />

      {show && date && (
        // A wide screen's map takes the page's whole width, its show card and summary beside each
        // other below it; the spec's map of 12 keeps them in a column at its side.
        <div
          className={`grid gap-6 lg:items-start ${isWideMap ? 'lg:grid-cols-2' : 'lg:grid-cols-[minmax(0,1fr)_20rem]'}`}
        >
          {/* On the page as long as the map is, so the first seat chosen is announced too: a live
              region that arrives with its text (as the summary below does) is not read out. */}
          <p role="status" className="sr-only">
            {selectionStatus(selectedSeats, totalPaise)}
          </p>
          {/* The single-seat warning has its own region, heard as soon as a choice strands a seat. */}
          <p role="status" className="sr-only">
            {stranded ? strandedMessage(stranded) : ''}
          </p>
          <div className={isWideMap ? 'lg:row-start-2' : 'lg:col-start-2 lg:row-start-1'}>
            <SelectedShowCard
              movieTitle={movie.title}
              dateLabel={showDate}
              time={show.showTime}
              price={show.showPrice}
              hasClasses={Object.keys(prices).length > 1}
            />
          </div>
          <div
            className={`min-w-0 ${isWideMap ? 'lg:col-span-2' : 'lg:col-start-1 lg:row-span-2 lg:row-start-1'}`}
          >
            <SeatSection
              ref={seatSection}
              layout={layout}
              prices={prices}
              held={heldBack}
              mine={mine}
              stranded={stranded}
              seats={seatInfo.seats}
              isLoading={seatInfo.isPending}
              occupied={seatInfo.occupied}
              selected={new Set(selectedSeats)}
              onToggle={handleSeat}
              label={`Seats for ${show.showTime}, ${dateLabel(date, today)}`}
              notice={
                (!isSignedIn || isHeldBack || held) && (
                  <>
                    {!isSignedIn && <SignInHint signInHref={signInHref} />}
                    {held && <HeldBookingNotice held={held} />}
                    {isHeldBack && (
                      <WheelchairNote
                        releaseTime={releaseTime}
                        needsWheelchair={needsWheelchair}
                        onChange={setNeedsWheelchair}
                      />
                    )}
                  </>
                )
              }
              footer={
                canChooseSeats && (
                  <BestAvailable
                    classes={layoutClasses(layout).map((name) => ({
                      name,
                      price: priceOfClass(prices, name),
                    }))}
                    isBusy={isBooking}
                    error={missed ? `No ${missed.quantity} seats together` : null}
                    afterError={
                      missed && (
                        <PartyWaitlist
                          show={show}
                          quantity={missed.quantity}
                          seatClass={missed.seatClass}
                          isSignedIn={isSignedIn}
                          onSignIn={requireSignIn}
                        />
                      )
                    }
                    onPick={handleBestAvailable}
                  />
                )
              }
            />
          </div>
          {/* Always in the grid, filled once a seat is chosen: a grid item that comes and goes makes
              the browser lay the whole grid out again, a 500-seat map included (≈100 ms on a slow
              phone); a change inside this one is laid out on its own. */}
          <div ref={summary} className="scroll-mt-24 scroll-mb-24 lg:col-start-2 lg:row-start-2">
            {selectedSeats.length > 0 && (
              <BookingSummary
                movieTitle={movie.title}
                dateLabel={showDate}
                time={show.showTime}
                seats={selectedSeats}
                subtotals={subtotals}
                totalPaise={totalPaise}
                stranded={stranded ? strandedMessage(stranded) : null}
                refusal={refusal}
                pickedByUs={bestPickKey !== null && bestPickKey === selectedKey}
                isSignedIn={isSignedIn}
                isBusy={isBooking}
                onBook={() => void handleBook()}
                items={itemLines}
                foodStep={<FoodPicker choice={itemChoice} onChange={setItemChoice} />}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
