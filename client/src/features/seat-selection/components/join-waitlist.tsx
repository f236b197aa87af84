import { entryStatusText, MAX_WAITLIST_PARTY, type Show, type WaitlistEntry } from '@marquee/shared';
import { ListPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useJoinWaitlist, useWaitlist } from '../../waitlist/api/waitlist.ts';

interface JoinWaitlistProps {
  /** The shows of the chosen date: those sold out are offered their waiting lists. */
  shows: readonly Show<unknown>[];
  isSignedIn: boolean;
  /** Sends a signed-out visitor to sign in (and back), saying why. */
  onSignIn: (message: string) => void;
}

const selectClassName =
  'mt-1 block min-h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** Sold-out show times of a date, each with a way onto its waiting list (CONTRACT §13). */
export function JoinWaitlist({ shows: ofDate, isSignedIn, onSignIn }: JoinWaitlistProps) {
  const headingId = useId();
  const entries = useWaitlist(isSignedIn).data?.entries ?? [];
  const shows = ofDate.filter((show) => show.status === 'sold-out');
  if (shows.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <ListPlus aria-hidden className="size-5 text-brand-700 dark:text-brand-400" />
        Sold out? Join the waiting list
      </h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        When seats together come free, we hold them for the next party in line and email a link to pay.
      </p>
      <ul className="mt-3 space-y-4">
        {shows.map((show) => (
          <li key={show._id}>
            <WaitlistRow
              show={show}
              entry={liveEntry(entries, show)}
              isSignedIn={isSignedIn}
              onSignIn={onSignIn}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Joins a show's waiting list from the booking page: signs a visitor in first, says the place. */
function useJoinAction(show: Show<unknown>, isSignedIn: boolean, onSignIn: (message: string) => void) {
  const join = useJoinWaitlist();
  const [error, setError] = useState<string | null>(null);
  async function joinList(quantity: number, seatClass: string | undefined) {
    if (!isSignedIn) return onSignIn('Please login to join the waiting list');
    setError(null);
    try {
      const answer = await join.mutateAsync({
        showId: show._id,
        quantity,
        ...(seatClass ? { class: seatClass } : {}),
      });
      toast.success(`You are number ${answer.entry.position ?? 1} on the waiting list for ${show.showTime}`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Failed to join the waiting list');
    }
  }
  return { joinList, error, isPending: join.isPending };
}

/** Where the buyer stands on a show's list, with the way to My Bookings (where an offer is paid). */
function EntryStatus({ entry, showTime }: { entry: WaitlistEntry; showTime?: string }) {
  return (
    <p className="text-sm">
      {showTime && <span className="font-semibold">{showTime} · </span>}
      {entryStatusText(entry)}{' '}
      <Link
        to="/mybookings"
        className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
      >
        My Bookings
      </Link>
    </p>
  );
}

/** The buyer's live entry for a show (waiting or offered), if any. */
function liveEntry(entries: readonly WaitlistEntry[], show: Show<unknown>) {
  return entries.find((e) => e.show._id === show._id && (e.status === 'waiting' || e.status === 'offered'));
}

/**
 * Best available found no seats together for the party: the way onto the show's waiting list for
 * that many (and that class), which CONTRACT §13 gives a party the show cannot seat together, sold
 * out or not. Not a form of its own: it sits inside best available's.
 */
export function PartyWaitlist({
  show,
  quantity,
  seatClass,
  isSignedIn,
  onSignIn,
}: {
  show: Show<unknown>;
  quantity: number;
  seatClass: string | undefined;
  isSignedIn: boolean;
  onSignIn: (message: string) => void;
}) {
  const errorId = useId();
  const entry = liveEntry(useWaitlist(isSignedIn).data?.entries ?? [], show);
  const { joinList, error, isPending } = useJoinAction(show, isSignedIn, onSignIn);
  if (entry) return <EntryStatus entry={entry} />;
  if (quantity > MAX_WAITLIST_PARTY) return null;
  return (
    <div className="text-sm">
      <p className="text-zinc-600 dark:text-zinc-400">
        When {quantity === 1 ? 'a seat comes' : `${quantity} seats together come`} free, we hold them for the
        next party in line and email a link to pay.
      </p>
      <button
        type="button"
        onClick={() => void joinList(quantity, seatClass)}
        disabled={isPending}
        aria-describedby={error ? errorId : undefined}
        className={buttonClassName('secondary', 'mt-2')}
      >
        <ListPlus aria-hidden className="size-4" />
        {isPending
          ? 'Joining…'
          : `Join the waiting list for ${quantity}${seatClass ? ` ${seatClass}` : ''} seat${quantity === 1 ? '' : 's'}`}
      </button>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function WaitlistRow({
  show,
  entry,
  isSignedIn,
  onSignIn,
}: {
  show: Show<unknown>;
  entry: WaitlistEntry | undefined;
  isSignedIn: boolean;
  onSignIn: (message: string) => void;
}) {
  const { joinList, error, isPending } = useJoinAction(show, isSignedIn, onSignIn);
  const [quantity, setQuantity] = useState(2);
  const [seatClass, setSeatClass] = useState('');
  const errorId = useId();
  const classes = Object.keys(show.prices);

  if (entry) return <EntryStatus entry={entry} showTime={show.showTime} />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void joinList(quantity, seatClass || undefined);
  }

  return (
    <form onSubmit={handleSubmit} aria-label={`Waiting list for ${show.showTime}`}>
      <p className="text-sm font-semibold">{show.showTime} · Sold out</p>
      <div className="mt-1 flex flex-wrap items-end gap-3">
        <label className="w-28 text-sm font-medium">
          Party of
          <select
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
            aria-describedby={error ? errorId : undefined}
            className={selectClassName}
          >
            {Array.from({ length: MAX_WAITLIST_PARTY }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {classes.length > 1 && (
          <label className="min-w-40 flex-1 text-sm font-medium">
            Class
            <select
              value={seatClass}
              onChange={(e) => setSeatClass(e.target.value)}
              className={selectClassName}
            >
              <option value="">Any class</option>
              {classes.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className={buttonClassName('secondary')} disabled={isPending}>
          {isPending ? 'Joining…' : 'Join the waiting list'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
