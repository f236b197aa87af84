import { formatRupees, MAX_SEATS_PER_BOOKING } from '@marquee/shared';
import { Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';

interface BestAvailableProps {
  classes: { name: string; price: number | undefined }[];
  isBusy: boolean;
  /** Why the last try found nothing ('No 4 seats together'), shown beside the form. */
  error: string | null;
  /** What to offer under that error (the waiting list for the party). */
  afterError?: ReactNode;
  onPick: (quantity: number, seatClass: string | undefined) => void;
}

const selectClassName =
  'mt-1 block min-h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/**
 * "Best available": the buyer says how many (and which class); the page picks them by the server's
 * rule and shows them in the selection, to change or book (nothing is held until Book Now).
 */
export function BestAvailable({ classes, isBusy, error, afterError, onPick }: BestAvailableProps) {
  const headingId = useId();
  const errorId = useId();
  const [quantity, setQuantity] = useState(2);
  const [seatClass, setSeatClass] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isBusy) onPick(quantity, seatClass || undefined);
  }

  return (
    <form aria-labelledby={headingId} onSubmit={handleSubmit} className="space-y-3 px-2 sm:px-0">
      <div>
        <h3 id={headingId} className="font-semibold">
          Best available
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          We pick seats together in one row, as central as we can. You see them before you book.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="w-28 text-sm font-medium">
          Seats
          <select
            value={quantity}
            onChange={(event) => setQuantity(Number(event.target.value))}
            aria-describedby={error ? errorId : undefined}
            className={selectClassName}
          >
            {Array.from({ length: MAX_SEATS_PER_BOOKING }, (_, i) => i + 1).map((n) => (
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
              onChange={(event) => setSeatClass(event.target.value)}
              className={selectClassName}
            >
              <option value="">Any class</option>
              {classes.map(({ name, price }) => (
                <option key={name} value={name}>
                  {price === undefined ? name : `${name} · ${formatRupees(price)}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" aria-disabled={isBusy || undefined} className={buttonClassName('secondary')}>
          <Sparkles aria-hidden className="size-4" />
          Find best seats
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {error && afterError}
    </form>
  );
}
