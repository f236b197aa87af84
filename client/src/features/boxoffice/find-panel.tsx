import {
  formatDate,
  formatIndianMobile,
  formatPaise,
  itemsText,
  normaliseIndianMobile,
  rupeesToPaise,
  type Booking,
} from '@marquee/shared';
import { Printer, RotateCcw } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { findByPhone, findByReference, useCancellationQuote, useRefund } from './boxoffice-api.ts';
import { errorText, field, panel } from './counter-styles.ts';

/** Refund or reprint by reference, or by the buyer's mobile number. */
export function FindPanel({ isReachable, hasShift }: { isReachable: boolean; hasShift: boolean }) {
  const [reference, setReference] = useState('');
  const [found, setFound] = useState<Awaited<ReturnType<typeof findByReference>> | null>(null);
  const [matches, setMatches] = useState<Booking[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const refund = useRefund();
  const referenceRef = useRef<HTMLInputElement>(null);
  /** A refund is asked for once more before it is given: money leaves the drawer. */
  const [confirmingRefund, setConfirmingRefund] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    // The last refund's answer belongs to the last booking, not to the next one looked up.
    refund.reset();
    setError(null);
    setFound(null);
    setMatches(null);
    try {
      // A mobile number (any spacing, +91 or not) lists that buyer's bookings; anything else is a reference.
      if (normaliseIndianMobile(reference)) {
        const { bookings } = await findByPhone(reference);
        if (bookings.length === 1) setFound(await findByReference(bookings[0]!.reference));
        else if (bookings.length) setMatches(bookings);
        else setError('No bookings for that mobile number');
      } else {
        setFound(await findByReference(reference));
      }
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const open = async (chosen: Booking) => {
    refund.reset();
    setError(null);
    try {
      setFound(await findByReference(chosen.reference));
      setMatches(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const giveBack = () => {
    if (!found) return;
    refund.mutate(
      { bookingId: found.booking._id, reason: reason.trim() || 'Refunded at the box office' },
      {
        onSuccess: (answer) => {
          setFound({ ...found, booking: answer.booking, refundOwed: null });
          // The refund button is gone with the refund: the cursor waits for the next reference.
          requestAnimationFrame(() => referenceRef.current?.select());
        },
        onSettled: () => setConfirmingRefund(false),
      },
    );
  };
  const booking = found?.booking;
  return (
    <section aria-labelledby="find-heading" className={panel}>
      <h2 id="find-heading" className="text-lg font-bold">
        Refund or reprint
      </h2>
      <form onSubmit={search} className="mt-2 flex items-end gap-2">
        <label className="flex-1 text-sm">
          Booking reference or mobile number
          <input
            id="boxoffice-reference"
            ref={referenceRef}
            className={`${field} font-mono uppercase`}
            inputMode="text"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            autoComplete="off"
          />
        </label>
        <button type="submit" className={buttonClassName('secondary')} disabled={!isReachable}>
          Find
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {matches && (
        <ul aria-label="Bookings for that number" className="mt-3 flex flex-col gap-2 text-sm">
          {matches.map((match) => (
            <li key={match._id}>
              <button
                type="button"
                onClick={() => void open(match)}
                className={buttonClassName('secondary', 'w-full justify-start text-left')}
              >
                <span className="font-mono font-semibold">{match.reference}</span> · {match.user.name} ·{' '}
                {match.show
                  ? `${match.show.movie.title} · ${formatDate(match.show.showDate)} ${match.show.showTime}`
                  : 'Food & drinks only'}{' '}
                · {match.status}
              </button>
            </li>
          ))}
        </ul>
      )}
      {booking && (
        <div className="mt-3 text-sm" data-testid="found-booking">
          <p>
            <span className="font-mono font-semibold">{booking.reference}</span> ·{' '}
            {booking.show
              ? `${booking.show.movie.title} · ${booking.show.showTime} · ${booking.bookedSeats.join(', ')}`
              : `Food & drinks only · ${itemsText(booking.items)}`}{' '}
            · {formatPaise(rupeesToPaise(booking.amount))}
          </p>
          <p data-testid="found-buyer">
            Buyer: <strong>{booking.user.name}</strong>
            {booking.user.phone && <> · Mobile {formatIndianMobile(booking.user.phone)}</>}
            {booking.user.email && <> · {booking.user.email}</>}
          </p>
          <p>
            Status: <strong>{booking.status}</strong> (
            {found.sale ? `counter, ${found.sale.method}` : 'online'})
          </p>
          {found.refundOwed !== null && (
            <p className="mt-1 font-semibold text-amber-800 dark:text-amber-300">
              The show was cancelled: {formatPaise(rupeesToPaise(found.refundOwed))} to pay back by{' '}
              {found.sale?.method}
            </p>
          )}
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <Link
              className={buttonClassName('secondary')}
              to={`/boxoffice/receipts/${booking._id}`}
              target="_blank"
            >
              <Printer aria-hidden className="size-4" /> Reprint
            </Link>
            {(booking.status === 'paid' || found.refundOwed !== null) && (
              <>
                <label className="text-sm">
                  Reason
                  <input className={field} value={reason} onChange={(e) => setReason(e.target.value)} />
                </label>
                <button
                  type="button"
                  className={buttonClassName('secondary')}
                  onClick={() => setConfirmingRefund(true)}
                  disabled={!isReachable || !hasShift || refund.isPending}
                >
                  <RotateCcw aria-hidden className="size-4" />{' '}
                  {found.refundOwed !== null
                    ? `Pay back ${formatPaise(rupeesToPaise(found.refundOwed))}`
                    : 'Refund'}
                </button>
              </>
            )}
          </div>
          {refund.data && (
            <p role="status" className="mt-2">
              {refund.data.message}
            </p>
          )}
          {refund.error && (
            <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
              {errorText(refund.error)}
            </p>
          )}
          {confirmingRefund && (
            <ConfirmDialog
              title={`Refund ${booking.reference}?`}
              confirmLabel={
                found.refundOwed !== null
                  ? `Pay back ${formatPaise(rupeesToPaise(found.refundOwed))}`
                  : 'Refund'
              }
              busyLabel="Refunding…"
              cancelLabel="Keep the booking"
              isBusy={refund.isPending}
              onConfirm={giveBack}
              onClose={() => setConfirmingRefund(false)}
            >
              <p>
                {booking.user.name} · {formatPaise(rupeesToPaise(booking.amount))}{' '}
                {found.sale ? `paid by ${found.sale.method}` : 'paid online'}.
              </p>
              {found.refundOwed !== null ? (
                <p>The show was cancelled: all of it goes back.</p>
              ) : found.sale ? (
                <p>
                  The booking is cancelled, its seats released, and all of it goes back by {found.sale.method}
                  .
                </p>
              ) : (
                <OnlinePolicyRefund bookingId={booking._id} />
              )}
            </ConfirmDialog>
          )}
        </div>
      )}
    </section>
  );
}

/** An online booking refunded at the counter: what goes back under the policy now, and how. */
function OnlinePolicyRefund({ bookingId }: { bookingId: string }) {
  const quote = useCancellationQuote(bookingId);
  if (quote.isPending) return <p role="status">Working out what goes back…</p>;
  if (quote.isError) return <p role="alert">{errorText(quote.error)}</p>;
  const { refundAmount, paidAmount, refundPercent } = quote.data;
  return (
    <p data-testid="online-refund-amount">
      The booking is cancelled and its seats released; {formatPaise(rupeesToPaise(refundAmount))} of{' '}
      {formatPaise(rupeesToPaise(paidAmount))} goes back online, to how it was paid ({refundPercent}% under
      the cancellation policy).
    </p>
  );
}
