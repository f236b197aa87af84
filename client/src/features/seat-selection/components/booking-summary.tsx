import { formatPaise } from '@marquee/shared';
import type { ClassSubtotal } from '../../../lib/screen-layout.ts';
import { CircleAlert, CreditCard, LoaderCircle, Sparkles, Ticket, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';

interface BookingSummaryProps {
  movieTitle: string;
  dateLabel: string;
  time: string;
  seats: readonly string[];
  /** Each class's seats, price and subtotal (paise); one entry on a single-class map. */
  subtotals: readonly ClassSubtotal[];
  totalPaise: number;
  /** The single-seat rule's warning for this selection, said before Book is pressed. */
  stranded: string | null;
  /** Why the server refused these seats at the last Book Now, and where to pay a waiting booking. */
  refusal?: { message: string; payUrl: string | null } | null;
  /** The seats are best available's pick, shown before anything is held. */
  pickedByUs?: boolean;
  isSignedIn: boolean;
  isBusy?: boolean;
  onBook: () => void;
  /** Food and drink chosen with the seats (paise), listed under the tickets and added to the total. */
  items?: readonly {
    productId: string;
    name: string;
    quantity: number;
    unitPaise: number;
    totalPaise: number;
  }[];
  /** The optional "Add food & drinks" step. */
  foodStep?: ReactNode;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** The chosen seats and their total: the sum of each seat's class price (no fees or taxes). */
export function BookingSummary({
  movieTitle,
  dateLabel,
  time,
  seats,
  subtotals,
  totalPaise,
  stranded,
  refusal = null,
  pickedByUs = false,
  isSignedIn,
  isBusy = false,
  onBook,
  items = [],
  foodStep,
}: BookingSummaryProps) {
  const grandTotalPaise = totalPaise + items.reduce((sum, item) => sum + item.totalPaise, 0);
  const label = !isSignedIn ? 'Login to Book' : isBusy ? 'Creating Booking...' : 'Book Now';

  return (
    <section
      aria-labelledby="booking-summary-heading"
      className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="booking-summary-heading" className="text-lg font-semibold">
        Booking Summary
      </h2>
      <dl className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        <Row term="Movie">{movieTitle}</Row>
        <Row term="Date">{dateLabel}</Row>
        <Row term="Time">{time}</Row>
        <Row term="Seats">{seats.join(', ')}</Row>
      </dl>
      {pickedByUs && (
        <p className="mt-1 flex gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0" />
          The best seats we found. Tap seats on the map to change them, or book them.
        </p>
      )}
      {/* Not a live region: the booking view announces the selection from a region that is on the
          page before the first seat is chosen, which this summary is not. */}
      <div className="mt-3 flex items-end justify-between gap-4 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <ul aria-label="Price by class" className="space-y-0.5 text-sm text-zinc-600 dark:text-zinc-400">
          {subtotals.map(({ seatClass, seats: classSeats, pricePaise, subtotalPaise }) => (
            <li key={seatClass}>
              {subtotals.length > 1 && <span className="font-medium">{seatClass}: </span>}
              {classSeats.length} {classSeats.length === 1 ? 'ticket' : 'tickets'} × {formatPaise(pricePaise)}
              {subtotals.length > 1 && <> = {formatPaise(subtotalPaise)}</>}
            </li>
          ))}
          {items.map((item) => (
            <li key={item.productId}>
              {item.quantity} × {item.name} ({formatPaise(item.unitPaise)}) = {formatPaise(item.totalPaise)}
            </li>
          ))}
        </ul>
        <p className="text-right">
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">Total</span>
          <span className="text-2xl font-bold">{formatPaise(grandTotalPaise)}</span>
        </p>
      </div>
      {foodStep}
      {/* The server's refusal in the same words takes the warning's place, said as an alert. */}
      {stranded && refusal?.message !== stranded && (
        <p className="mt-3 flex gap-2 rounded-md border border-amber-500 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {stranded}
        </p>
      )}
      {refusal && (
        <div
          role="alert"
          className="mt-3 rounded-md border border-red-700 bg-red-50 p-2 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          <p className="flex gap-2">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {refusal.message}
          </p>
          {refusal.payUrl && (
            <a href={refusal.payUrl} className={buttonClassName('primary', 'mt-2 w-full')}>
              <CreditCard aria-hidden className="size-4" />
              Pay for the waiting booking
            </a>
          )}
        </div>
      )}
      {/* aria-disabled rather than disabled while busy, so keyboard focus stays on the button. */}
      <button
        type="button"
        onClick={() => {
          if (!isBusy) onBook();
        }}
        aria-disabled={isBusy || undefined}
        className={buttonClassName(
          'primary',
          `mt-4 w-full py-3 text-base ${isBusy ? 'cursor-progress opacity-80' : ''}`,
        )}
      >
        {isBusy ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
        ) : (
          <Ticket aria-hidden className="size-5" />
        )}
        {label}
      </button>
    </section>
  );
}
