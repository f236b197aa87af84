import { MAX_ITEM_QUANTITY, formatRupees, type Product } from '@marquee/shared';
import { Minus, Plus, Popcorn } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useMenu, pictureOf } from '../../food/api/products.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';

/** Chosen items: product id → quantity (absent: none). */
export type ItemChoice = Readonly<Record<string, number>>;

/** The items as POST /api/bookings/create takes them. */
export function itemsOfChoice(choice: ItemChoice): { productId: string; quantity: number }[] {
  return Object.entries(choice)
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/** The chosen items with their products, for the summary's lines and total (paise). */
export function chosenLines(choice: ItemChoice, menu: readonly Product[]) {
  return menu
    .filter((product) => (choice[product._id] ?? 0) > 0)
    .map((product) => {
      const quantity = choice[product._id]!;
      const unitPaise = Math.round(product.price * 100);
      return {
        productId: product._id,
        name: product.name,
        quantity,
        unitPaise,
        totalPaise: unitPaise * quantity,
      };
    });
}

const stepperClassName =
  'inline-flex size-9 items-center justify-center rounded-md border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

/** Most of a product one booking can take: 10, or what is left. */
function maxOf(product: Product): number {
  return product.stock === null ? MAX_ITEM_QUANTITY : Math.min(MAX_ITEM_QUANTITY, product.stock);
}

/**
 * The optional "Add food & drinks" step after the seats: the menu with a quantity stepper each.
 * Closed until asked for; shows nothing when the menu is empty.
 */
export function FoodPicker({
  choice,
  onChange,
}: {
  choice: ItemChoice;
  onChange: (choice: ItemChoice) => void;
}) {
  const menu = useMenu();
  const [open, setOpen] = useState(Object.keys(choice).length > 0);
  const panelId = useId();
  const products = menu.data?.products ?? [];
  if (!products.length) return null;
  // Every row keeps a picture's place once any has one, so the names line up.
  const withPictures = products.some((product) => pictureOf(product) !== null);

  const set = (product: Product, quantity: number) => {
    const next = { ...choice };
    if (quantity <= 0) delete next[product._id];
    else next[product._id] = Math.min(quantity, maxOf(product));
    onChange(next);
  };

  return (
    <div className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={buttonClassName('secondary', 'w-full')}
      >
        <Popcorn aria-hidden className="size-4" />
        Add food & drinks
      </button>
      <ul id={panelId} hidden={!open} aria-label="Food and drinks" className="mt-3 flex flex-col gap-2">
        {products.map((product) => {
          const quantity = choice[product._id] ?? 0;
          const max = maxOf(product);
          const soldOut = max === 0;
          return (
            <li key={product._id} className="flex items-center gap-3">
              {/* The name is beside it: the picture adds nothing a screen reader should say. */}
              {withPictures ? <ProductPicture src={pictureOf(product)} alt="" /> : null}
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">{product.name}</p>
                <p className="text-zinc-600 dark:text-zinc-400">
                  {soldOut ? 'Sold out' : formatRupees(product.price)}
                  {!soldOut && product.stock !== null && product.stock <= 10
                    ? ` · ${product.stock} left`
                    : ''}
                </p>
              </div>
              <div className="flex items-center gap-1" role="group" aria-label={`${product.name} quantity`}>
                <button
                  type="button"
                  className={stepperClassName}
                  onClick={() => set(product, quantity - 1)}
                  disabled={quantity === 0}
                  aria-label={`One less ${product.name}`}
                >
                  <Minus aria-hidden className="size-4" />
                </button>
                <output aria-live="polite" className="w-6 text-center font-semibold tabular-nums">
                  {quantity}
                </output>
                <button
                  type="button"
                  className={stepperClassName}
                  onClick={() => set(product, quantity + 1)}
                  disabled={quantity >= max}
                  aria-label={`One more ${product.name}`}
                >
                  <Plus aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
