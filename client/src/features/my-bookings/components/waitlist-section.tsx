import { entryStatusText, formatTimeOfDay, toZonedParts, type WaitlistEntry } from '@marquee/shared';
import { Hourglass } from 'lucide-react';
import { toast } from 'react-toastify';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { showDateLabel } from '../format.ts';
import { useLeaveWaitlist, useWaitlist } from '../../waitlist/api/waitlist.ts';

interface WaitlistSectionProps {
  isSignedIn: boolean;
  /** The payment page of a booking the buyer has, by id (an offer's booking is one of them). */
  paymentLinkOf: (bookingId: string) => string | null;
}

/** My Bookings' waiting lists: place in the queue, offers to pay, and a way to leave. */
export function WaitlistSection({ isSignedIn, paymentLinkOf }: WaitlistSectionProps) {
  const query = useWaitlist(isSignedIn);
  const leave = useLeaveWaitlist();
  const timeZone = useCinemaTimeZone();
  const entries = (query.data?.entries ?? []).filter((entry) => entry.status !== 'left');
  if (entries.length === 0) return null;

  async function handleLeave(entry: WaitlistEntry) {
    try {
      await leave.mutateAsync(entry._id);
      toast.success('You have left the waiting list');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to leave the waiting list');
    }
  }

  return (
    <section aria-labelledby="waitlist-heading" className="mt-10">
      <h2 id="waitlist-heading" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Hourglass aria-hidden className="size-5 text-brand-700 dark:text-brand-400" />
        Waiting lists
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {entries.map((entry) => {
          const payLink = entry.offer ? paymentLinkOf(entry.offer.bookingId) : null;
          const what = `${entry.show.movie.title}, ${showDateLabel(entry.show.showDate)} at ${entry.show.showTime}`;
          return (
            <li key={entry._id} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
              <p className="font-semibold">{entry.show.movie.title}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {showDateLabel(entry.show.showDate)} · {entry.show.showTime} · party of {entry.quantity}
                {entry.class ? ` · ${entry.class}` : ''}
              </p>
              <p className="mt-2 text-sm">{entryStatusText(entry)}</p>
              {entry.offer && (
                <p className="text-sm font-medium">
                  Held until{' '}
                  {formatTimeOfDay(toZonedParts(new Date(entry.offer.expiresAt), timeZone).minutes)}
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                {payLink && (
                  <a href={payLink} className={buttonClassName('primary')}>
                    Pay now
                  </a>
                )}
                {(entry.status === 'waiting' || entry.status === 'offered') && (
                  <button
                    type="button"
                    className={buttonClassName('secondary')}
                    aria-label={`Leave the waiting list for ${what}`}
                    disabled={leave.isPending}
                    onClick={() => void handleLeave(entry)}
                  >
                    Leave the waiting list
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
