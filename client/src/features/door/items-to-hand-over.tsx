import { formatTimeAt, itemsText, type BookingItem } from '@marquee/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Popcorn } from 'lucide-react';
import { useState } from 'react';
import { buttonClassName } from '../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../lib/cinema-config.ts';
import { useCollectItems } from '../food/api/products.ts';

/**
 * A booking's food and drink at the door: what to hand over and a "Mark collected" button, or
 * when it was collected. Pressing it twice (or on two phones) is told by the server, once.
 */
export function ItemsToHandOver({
  bookingId,
  items,
  collectedAt,
  canCollect = true,
  tone = 'plain',
}: {
  bookingId: string;
  items: readonly BookingItem[];
  collectedAt: string | null;
  /** False for an unpaid booking: its items are listed, not handed over. */
  canCollect?: boolean;
  /** 'onColour' on the green check-in panel. */
  tone?: 'plain' | 'onColour';
}) {
  const collect = useCollectItems();
  const queryClient = useQueryClient();
  const timeZone = useCinemaTimeZone();
  const [collected, setCollected] = useState<string | null>(collectedAt);
  const [problem, setProblem] = useState<string | null>(null);
  if (!items.length) return null;

  const mark = () => {
    setProblem(null);
    collect.mutate(bookingId, {
      onSuccess: (answer) => {
        setCollected(answer.booking.itemsCollectedAt ?? new Date().toISOString());
        void queryClient.invalidateQueries({ queryKey: ['door'] });
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <div className="mt-2" data-testid="door-items">
      <p className="flex items-center gap-1.5 font-semibold">
        <Popcorn aria-hidden className="size-4 shrink-0" />
        {itemsText(items)}
      </p>
      {collected ? (
        <p
          className={
            tone === 'onColour' ? 'text-sm opacity-90' : 'text-sm text-emerald-700 dark:text-emerald-400'
          }
        >
          Collected at {formatTimeAt(collected, timeZone)}
        </p>
      ) : canCollect ? (
        <button
          type="button"
          onClick={mark}
          disabled={collect.isPending}
          className={
            tone === 'onColour'
              ? 'mt-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60'
              : buttonClassName('secondary', 'mt-1 px-3 py-1.5')
          }
        >
          {collect.isPending ? 'Marking…' : 'Mark collected'}
        </button>
      ) : null}
      {problem && (
        <p
          role="alert"
          className={
            tone === 'onColour' ? 'mt-1 text-sm font-semibold' : 'mt-1 text-sm text-red-700 dark:text-red-400'
          }
        >
          {problem}
        </p>
      )}
    </div>
  );
}
