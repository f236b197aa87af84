import { formatTimeAt, itemsText, type BookingItem, type Product } from '@marquee/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Popcorn } from 'lucide-react';
import { useState } from 'react';
import { buttonClassName } from '../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../lib/cinema-config.ts';
import { useCollectItems, useMenu, pictureOf } from '../food/api/products.ts';
import { ProductPicture } from '../../components/ui/product-picture.tsx';

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
  // Pictures from the menu, so staff see what to hand over at a glance (a retired product has none).
  const menu = useMenu().data?.products ?? [];
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
      <Pictures items={items} menu={menu} />
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

/** The items' pictures in a row, each with its count; the names are in the line above. */
function Pictures({ items, menu }: { items: readonly BookingItem[]; menu: readonly Product[] }) {
  const shown = items.flatMap((item) => {
    const product = menu.find((one) => one._id === item.productId);
    const src = product ? pictureOf(product) : null;
    return src ? [{ item, src }] : [];
  });
  if (!shown.length) return null;
  return (
    <ul aria-hidden className="mt-1.5 flex flex-wrap gap-2">
      {shown.map(({ item, src }) => (
        <li key={item.productId} className="relative">
          <ProductPicture src={src} alt="" />
          {item.quantity > 1 && (
            <span className="absolute -right-1.5 -bottom-1.5 rounded-full bg-zinc-900 px-1.5 text-xs font-bold text-white dark:bg-white dark:text-zinc-900">
              {item.quantity}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
