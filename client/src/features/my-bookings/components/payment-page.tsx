import { formatRupees, itemsText, type ShowBooking as Booking, type PaymentResponse } from '@marquee/shared';
import {
  ArrowLeft,
  CircleCheck,
  CircleX,
  CreditCard,
  FlaskConical,
  LoaderCircle,
  RotateCcw,
  TimerOff,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { bookingPageAddress } from '../../../lib/booking-address.ts';
import { paymentWarning, takePaymentWarning } from '../../../lib/payment-warning.ts';
import { useNow } from '../../../lib/use-now.ts';
import { CancellationPolicy } from '../../../components/ui/refund-terms.tsx';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { usePayment } from '../api/get-payment.ts';
import { useUserBookings } from '../api/get-user-bookings.ts';
import { usePaySandbox } from '../api/pay-sandbox.ts';
import { useVerifyRazorpay } from '../api/verify-razorpay.ts';
import { loadRazorpayCheckout } from '../razorpay-checkout.ts';
import { paymentState, type PaymentState } from '../booking-status.ts';
import { cancelConfirmText, cancelFailureText } from '../cancel-flow.ts';
import { timeLeftMs } from '../countdown.ts';
import { showDateLabel } from '../format.ts';
import { TimeLeft } from './time-left.tsx';
import { BuyerGstinField } from './buyer-gstin-field.tsx';
import type { PaidBooking } from '../../../lib/paid-booking.ts';

const paymentWarningToastId = 'payment-warning';

const card =
  'rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

/** Said loudly: the sandbox takes no money, so nobody should mistake this page for a real checkout. */
function TestPaymentNote() {
  return (
    <div
      role="note"
      aria-label="Test payment"
      className="flex gap-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950/60 dark:text-amber-50"
    >
      <FlaskConical aria-hidden className="mt-0.5 size-6 shrink-0" />
      <div>
        <p className="text-base font-bold tracking-wide uppercase">Test payment: no real money</p>
        <p className="mt-1 text-sm">
          <strong className="font-semibold">This is a test payment.</strong> Marquee's sandbox gateway takes
          no real money and needs no card details: paying here only marks the booking as paid.
        </p>
      </div>
    </div>
  );
}

const outcome: Record<
  Exclude<PaymentState, 'payable'>,
  { Icon: LucideIcon; title: string; text: string; tone: string }
> = {
  paid: {
    Icon: CircleCheck,
    title: 'Payment complete',
    text: 'This booking is paid. Enjoy the show!',
    tone: 'text-green-700 dark:text-green-400',
  },
  expired: {
    Icon: TimerOff,
    title: 'Payment time is up',
    text: 'This booking was not paid in time, so its seats have been released. No money was taken.',
    tone: 'text-zinc-600 dark:text-zinc-400',
  },
  cancelled: {
    Icon: CircleX,
    title: 'Booking cancelled',
    text: 'This booking has been cancelled and its seats released.',
    tone: 'text-red-700 dark:text-red-400',
  },
  refunded: {
    Icon: RotateCcw,
    title: 'Payment refunded',
    text: 'Your payment arrived after the seats were released and has been refunded.',
    tone: 'text-sky-700 dark:text-sky-400',
  },
};

/** A dearer change's hold (CONTRACT §13) says what becomes of the booking it changes. */
const changeOutcome: Partial<Record<Exclude<PaymentState, 'payable'>, { title: string; text: string }>> = {
  expired: {
    title: 'Payment time is up',
    text: 'The difference was not paid in time, so your booking keeps its seats. No money was taken.',
  },
  cancelled: { title: 'Change cancelled', text: 'Your booking keeps its seats, as it was.' },
};

function Outcome({
  state,
  booking,
  message,
}: {
  state: Exclude<PaymentState, 'payable'>;
  booking: Booking;
  message: string | null;
}) {
  const changed = booking.exchangeOf ? changeOutcome[state] : undefined;
  const { Icon, tone } = outcome[state];
  const { title, text } = changed ?? outcome[state];
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page changed under the visitor (time ran out, or the payment was answered): say so, in
  // the same frame the heading appears rather than after the next paint.
  useLayoutEffect(() => headingRef.current?.focus(), [state]);
  // The same show again, while it can still be chosen (it has not started).
  const bookingPage = booking.exchangeOf
    ? `/mybookings/${encodeURIComponent(booking.exchangeOf._id)}/change`
    : bookingPageAddress(booking.show.movie._id, booking.show);

  return (
    <div className="mt-6 flex flex-col items-center gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-6 text-center dark:border-zinc-800 dark:bg-zinc-950/40">
      <Icon aria-hidden className={`size-10 ${tone}`} />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {title}
      </h2>
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {message ?? text}
      </p>
      {state === 'cancelled' && !booking.exchangeOf && booking.refund && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {formatRupees(booking.refund.amount)}{' '}
          {booking.refund.status === 'succeeded' ? 'has been refunded.' : 'is being refunded.'}
        </p>
      )}
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/mybookings" className={buttonClassName(state === 'paid' ? 'primary' : 'secondary')}>
          <Ticket aria-hidden className="size-4" />
          My Bookings
        </Link>
        {state !== 'paid' && (
          <Link to={bookingPage} className={buttonClassName('primary')}>
            {booking.exchangeOf ? 'Choose the change again' : 'Choose seats again'}
          </Link>
        )}
      </div>
    </div>
  );
}

function PaymentDetails({
  data,
  paymentId,
}: {
  data: Omit<PaymentResponse, 'booking'> & { booking: Booking };
  paymentId: string;
}) {
  const navigate = useNavigate();
  const { payment, booking } = data;
  const pay = usePaySandbox(paymentId);
  const verify = useVerifyRazorpay(paymentId);
  const cancel = useCancelBooking();
  // A late payment the server refunded: its own words say what happened (spec: "the user is told").
  const [refundMessage, setRefundMessage] = useState<string | null>(null);
  // Razorpay Checkout: open (the page waits for it), and what became of the last attempt, in words.
  const [isCheckoutOpen, setCheckoutOpen] = useState(false);
  const [checkoutNote, setCheckoutNote] = useState<{ text: string; isFailure: boolean } | null>(null);
  const isBusy = pay.isPending || verify.isPending || cancel.isPending || isCheckoutOpen;

  const now = useNow(booking.status === 'pending' && refundMessage === null);
  // Arriving from Book Now, a screen reader hears where it is: the page's heading takes the focus
  // unless something on the page already has it.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) titleRef.current?.focus();
  }, []);
  const msLeft = timeLeftMs(booking.expiresAt, now);
  const state: PaymentState = refundMessage ? 'refunded' : paymentState(payment, booking, now);

  // A dearer change's difference (CONTRACT §13): paid for the booking it changes, named by its reference.
  const changeOf = booking.exchangeOf;
  // The booking being changed, from My Bookings' list: the show its seats are on now.
  const { data: mine } = useUserBookings(changeOf !== null);
  const changing = changeOf ? mine?.bookings.find((candidate) => candidate._id === changeOf._id) : undefined;
  const paidBooking = (): PaidBooking => ({
    reference: changeOf?.reference ?? booking.reference,
    movieTitle: booking.show.movie.title,
    seats: booking.bookedSeats,
  });

  /** Opens Razorpay Checkout for the booking's order; its answer is verified by the server. */
  async function handleRazorpay(checkout: NonNullable<PaymentResponse['razorpay']>) {
    setCheckoutOpen(true);
    setCheckoutNote(null);
    let Razorpay;
    try {
      Razorpay = await loadRazorpayCheckout(checkout.checkoutUrl);
    } catch {
      setCheckoutOpen(false);
      setCheckoutNote({ text: 'Razorpay could not be reached. Please try again.', isFailure: true });
      return;
    }
    const razorpay = new Razorpay({
      key: checkout.keyId,
      order_id: checkout.orderId,
      amount: checkout.amountPaise,
      currency: checkout.currency,
      name: checkout.cinemaName,
      description: `Booking ${booking.reference}: ${booking.bookedSeats.join(', ')}`,
      prefill: checkout.prefill,
      timeout: Math.max(1, Math.floor(msLeft / 1000)),
      handler: (answer) => {
        setCheckoutOpen(false);
        void settleRazorpay(answer);
      },
      modal: {
        ondismiss: () => {
          setCheckoutOpen(false);
          setCheckoutNote({
            text: 'Payment not completed. Your seats stay held until the time runs out.',
            isFailure: false,
          });
        },
      },
    });
    razorpay.on('payment.failed', (failure) =>
      setCheckoutNote({
        text: `Payment failed: ${failure.error.description ?? 'the payment was declined'}. You can try again.`,
        isFailure: true,
      }),
    );
    razorpay.open();
  }

  async function settleRazorpay(answer: Parameters<typeof verify.mutateAsync>[0]) {
    try {
      await verify.mutateAsync(answer);
      toast.dismiss(paymentWarningToastId);
      await navigate('/loading?next_url=mybookings', { state: { paid: paidBooking() } });
    } catch (error) {
      setCheckoutNote({
        text: error instanceof ApiError ? error.message : 'Payment could not be verified',
        isFailure: true,
      });
    }
  }

  async function handlePay() {
    if (isBusy) return;
    if (payment.gateway === 'razorpay' && data.razorpay) return handleRazorpay(data.razorpay);
    try {
      await pay.mutateAsync();
      toast.dismiss(paymentWarningToastId);
      // The payment is confirmed already: the processing page says so, with the reference.
      await navigate('/loading?next_url=mybookings', { state: { paid: paidBooking() } });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 200 && error.status < 300) {
        setRefundMessage(error.message);
      } else {
        toast.error(error instanceof ApiError ? error.message : 'Payment failed. Please try again.');
      }
    }
  }

  async function handleCancel() {
    const question = changeOf
      ? 'Cancel this change? Your booking keeps the seats it has now.'
      : cancelConfirmText;
    if (isBusy || !window.confirm(question)) return;
    try {
      const answer = await cancel.mutateAsync(booking._id);
      // The 10-minute warning no longer applies: it must not stand beside the cancellation.
      toast.dismiss(paymentWarningToastId);
      if (changeOf) {
        toast.success('Change cancelled. Your booking keeps its seats.');
        await navigate('/mybookings');
        return;
      }
      toast.success(answer.message);
      // Back to the same date and show, to choose seats again (issue 34).
      await navigate(bookingPageAddress(booking.show.movie._id, booking.show), { state: { toSeats: true } });
    } catch (error) {
      window.alert(cancelFailureText(error));
    }
  }

  return (
    <div className={card}>
      <h1
        ref={titleRef}
        id="payment-heading"
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight focus:outline-none"
      >
        {changeOf ? 'Pay the difference' : 'Payment'}
      </h1>
      {changeOf && (
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          For changing your booking to dearer seats. Until it is paid, your booking keeps{' '}
          {changeOf.bookedSeats.join(', ')}.
        </p>
      )}
      <dl className="mt-3 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        <Row term={changeOf ? 'Booking' : 'Reference'}>
          <span className="font-mono tracking-wide">{changeOf?.reference ?? booking.reference}</span>
        </Row>
        <Row term="Movie">{booking.show.movie.title}</Row>
        {changeOf ? (
          <>
            {/* A change may be to another show: each set of seats with its own date and time. */}
            <Row term="Seats now">
              {changeOf.bookedSeats.join(', ')}
              {changing && (
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {showDateLabel(changing.show.showDate, 'long')}, {changing.show.showTime}
                </span>
              )}
            </Row>
            <Row term="New seats">
              {booking.bookedSeats.join(', ')}
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                {showDateLabel(booking.show.showDate, 'long')}, {booking.show.showTime}
              </span>
            </Row>
          </>
        ) : (
          <>
            <Row term="Date">{showDateLabel(booking.show.showDate, 'long')}</Row>
            <Row term="Time">{booking.show.showTime}</Row>
            <Row term="Seats">{booking.bookedSeats.join(', ')}</Row>
          </>
        )}
        {booking.items.length > 0 && <Row term="Food & drinks">{itemsText(booking.items)}</Row>}
        <Row term={changeOf ? 'Difference' : 'Amount'}>
          <span className="text-lg font-bold">{formatRupees(payment.amount)}</span>
          {booking.gst > 0 && (
            <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
              incl. GST {formatRupees(booking.gst)}
            </span>
          )}
        </Row>
      </dl>
      <CancellationPolicy startsAt={booking.show.startsAt} className="mt-3" />

      {state === 'payable' ? (
        <>
          <div className="mt-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 dark:border-amber-800 dark:bg-amber-950/40">
            <TimeLeft ms={msLeft} size="large" announce />
            <p className="mt-1 text-center text-xs text-zinc-700 dark:text-zinc-300">
              {changeOf ? 'Your new seats are held until then.' : 'Your seats are held until then.'}
            </p>
          </div>
          {checkoutNote && (
            <p
              role={checkoutNote.isFailure ? 'alert' : 'status'}
              className={`mt-4 text-sm ${checkoutNote.isFailure ? 'text-red-700 dark:text-red-400' : 'text-zinc-700 dark:text-zinc-300'}`}
            >
              {checkoutNote.text}
            </p>
          )}
          {!changeOf && <BuyerGstinField bookingId={booking._id} />}
          <div className="mt-5 flex flex-col gap-3">
            <button
              type="button"
              onClick={() => void handlePay()}
              aria-disabled={isBusy || undefined}
              className={buttonClassName(
                'primary',
                `w-full py-3 text-base ${pay.isPending || verify.isPending ? 'cursor-progress opacity-80' : ''}`,
              )}
            >
              {pay.isPending || verify.isPending ? (
                <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
              ) : (
                <CreditCard aria-hidden className="size-5" />
              )}
              {pay.isPending || verify.isPending ? 'Processing...' : `Pay ${formatRupees(payment.amount)}`}
            </button>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                onClick={() => void handleCancel()}
                aria-disabled={isBusy || undefined}
                className={buttonClassName(
                  'secondary',
                  'flex-1 text-red-700! hover:text-red-800! dark:text-red-400! dark:hover:text-red-300!',
                )}
              >
                <CircleX aria-hidden className="size-4" />
                {cancel.isPending ? 'Cancelling...' : changeOf ? 'Cancel change' : 'Cancel Booking'}
              </button>
              <Link to="/mybookings" className={buttonClassName('secondary', 'flex-1')}>
                <Ticket aria-hidden className="size-4" />
                My Bookings
              </Link>
            </div>
          </div>
        </>
      ) : (
        <Outcome state={state} booking={booking} message={refundMessage} />
      )}
    </div>
  );
}

/**
 * /pay/:paymentId — the app's payment page (CONTRACT §4, §9): shows what is being paid for and how
 * long the seats are held, and pays (the sandbox, saying plainly it is a test; or Razorpay
 * Checkout), cancels or leads on.
 */
export function PaymentPage({ paymentId }: { paymentId: string }) {
  const query = usePayment(paymentId);
  const { pathname } = useLocation();

  // The booking page's warning, raised again here where there is time to read it.
  useEffect(() => {
    if (takePaymentWarning(pathname)) toast.warning(paymentWarning, { toastId: paymentWarningToastId });
  }, [pathname]);

  const booking = query.data?.booking;
  const isPending = booking?.status === 'pending';
  const expiresAt = booking?.expiresAt;
  const { refetch } = query;
  // When the window closes, ask the server again once it has had a moment to release the seats.
  useEffect(() => {
    if (!isPending || !expiresAt) return;
    const timer = window.setTimeout(() => void refetch(), Date.parse(expiresAt) - Date.now() + 3_000);
    return () => window.clearTimeout(timer);
  }, [isPending, expiresAt, refetch]);

  return (
    <section aria-labelledby="payment-heading" className="mx-auto flex max-w-xl flex-col gap-5">
      <title>Payment — Marquee</title>
      {query.data?.payment.gateway !== 'razorpay' && <TestPaymentNote />}
      {query.isPending ? (
        <p role="status" className="py-10 text-center text-zinc-600 dark:text-zinc-400">
          Loading payment details...
        </p>
      ) : query.isError ? (
        <div className={`${card} text-center`}>
          <h1 id="payment-heading" className="text-2xl font-bold tracking-tight">
            Payment
          </h1>
          <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
            {query.error instanceof ApiError ? query.error.message : 'Failed to fetch booking'}
          </p>
          <Link to="/mybookings" className={buttonClassName('secondary', 'mt-5')}>
            <ArrowLeft aria-hidden className="size-4" />
            My Bookings
          </Link>
        </div>
      ) : (
        <PaymentDetails data={query.data} paymentId={paymentId} />
      )}
    </section>
  );
}
