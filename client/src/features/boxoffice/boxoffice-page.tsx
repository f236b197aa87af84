import {
  addDays,
  bestAvailable,
  formatPaise,
  itemsText,
  layoutClasses,
  LOW_STOCK,
  rupeesToPaise,
  zonedDate,
  boxOfficeMessages,
  holdsRole,
  type CounterPaymentMethod,
  type CounterSaleResponse,
  type Layout,
} from '@marquee/shared';
import { CircleAlert, Printer, Ticket, WifiOff } from 'lucide-react';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { buttonClassName } from '../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../lib/cinema-config.ts';
import { pricesInPaise, selectionAmount } from '../../lib/screen-layout.ts';
import { useMenu, pictureOf } from '../food/api/products.ts';
import { ProductPicture } from '../../components/ui/product-picture.tsx';
import { useSession } from '../auth/use-session.ts';
import { useShowSeats } from '../seat-selection/api/get-show-seats.ts';
import { useCounterShows, useCurrentShift, useSell, useServerReachable } from './boxoffice-api.ts';
import { errorText, field, panel } from './counter-styles.ts';
import { FindPanel } from './find-panel.tsx';
import { ShiftPanel } from './shift-panel.tsx';

/** What the page needs of a seat map: the app layer supplies the seat-selection feature's own. */
export interface CounterSeatMapProps {
  layout: Layout;
  occupied: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  onToggle: (seatId: string) => void;
  label: string;
  /** Class → price in rupees, for the map's key. */
  prices: Readonly<Record<string, number>>;
}

/** How a sale is settled: paid by one of the counter's methods, or given as a comp (admins only). */
type SaleMethod = CounterPaymentMethod | 'comp';

const methods: { value: SaleMethod; label: string; key: string }[] = [
  { value: 'cash', label: 'Cash', key: '1' },
  { value: 'card', label: 'Card', key: '2' },
  { value: 'upi', label: 'UPI', key: '3' },
  { value: 'comp', label: 'Comp', key: '4' },
];

/**
 * /boxoffice: the counter (CONTRACT §11). Today's and tomorrow's shows, the live seat map, best
 * available for a party, cash (tendered and change), card or UPI (a reference), an optional
 * customer, then the receipt. Keys: party size then Enter picks seats and goes to payment;
 * Alt+1/2/3 choose cash, card or UPI (Alt+4 a comp, for admins); Enter sells; Escape starts the next sale; Alt+R finds a
 * booking by reference; Alt+F sells food and drink on its own (no show, no seats); Alt+S goes to the shows, where the
 * arrow keys move between them. Without the server the page says so and sells nothing.
 */
export function BoxOfficePage({
  renderSeatMap,
}: {
  renderSeatMap: (props: CounterSeatMapProps) => ReactNode;
}) {
  const timeZone = useCinemaTimeZone();
  const shiftQuery = useCurrentShift();
  const isReachable = useServerReachable();
  const shift = shiftQuery.data?.shift ?? null;
  const shows = useCounterShows();
  const [showId, setShowId] = useState<string | null>(null);
  /** Food and drink on its own: no show, no seats (issue 31 item 4). */
  const [itemsOnly, setItemsOnly] = useState(false);
  const seats = useShowSeats(showId);
  const [picked, setSelected] = useState<string[]>([]);
  const [party, setParty] = useState('2');
  /** The class best seats are picked in ('' for any): customers ask for "two in Recliner". */
  const [seatClass, setSeatClass] = useState('');
  const [method, setMethod] = useState<SaleMethod>('cash');
  // Complimentary tickets are an admin's to give (CONTRACT §11): only they see the choice.
  const canComp = holdsRole(useSession().user?.role, 'admin');
  const saleMethods = methods.filter((m) => m.value !== 'comp' || canComp);
  const isComp = method === 'comp';
  const [tendered, setTendered] = useState('');
  const [paymentRef, setPaymentRef] = useState('');
  const [customer, setCustomer] = useState({ name: '', phone: '', email: '' });
  const [notice, setNotice] = useState<string | null>(null);
  /** Food and drink with the seats: product id → units (CONTRACT §12). */
  const [items, setItems] = useState<Record<string, number>>({});
  const menuQuery = useMenu();
  const menu = menuQuery.data?.products ?? [];
  const [sold, setSold] = useState<CounterSaleResponse | null>(null);
  const sell = useSell();
  const partyRef = useRef<HTMLInputElement>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  const receiptRef = useRef<HTMLAnchorElement>(null);
  const sellRef = useRef<HTMLButtonElement>(null);
  /** Where the payment is taken: the tendered cash, the card or UPI reference, or (a comp) the button. */
  const paymentFieldOf = (chosen: SaleMethod) =>
    chosen === 'cash' ? tenderedRef : chosen === 'comp' ? sellRef : referenceRef;
  const menuRef = useRef<HTMLFieldSetElement>(null);

  const today = zonedDate(new Date(), timeZone);
  const tomorrow = addDays(today, 1);
  const counterShows = (shows.data?.shows ?? [])
    .filter((show) => show.status === 'active' && (show.showDate === today || show.showDate === tomorrow))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const show = counterShows.find((one) => one._id === showId) ?? null;
  // Seats someone else took while the cashier chose them leave the selection.
  const selected = picked.filter((id) => !seats.occupied.has(id));
  const layout = seats.seats?.layout;
  const prices = useMemo(() => pricesInPaise(seats.seats?.prices ?? {}), [seats.seats?.prices]);
  const seatAmount = layout ? selectionAmount(layout, prices, selected) : { subtotals: [], totalPaise: 0 };
  const chosenItems = menu.filter((product) => (items[product._id] ?? 0) > 0);
  const itemsPaise = chosenItems.reduce(
    (sum, product) => sum + rupeesToPaise(product.price) * (items[product._id] ?? 0),
    0,
  );
  const amount = isComp
    ? { ...seatAmount, totalPaise: 0 }
    : { ...seatAmount, totalPaise: seatAmount.totalPaise + itemsPaise };
  // The server's words, said before it is asked: a comp is seats only.
  const compRefusal =
    isComp && (itemsOnly || chosenItems.length > 0) ? boxOfficeMessages.compWithItems : null;
  const leftPerClass = layout
    ? layoutClasses(layout).map((cls) => ({
        cls,
        left: layout.rows
          .flatMap((row) => row.seats)
          .filter((seat) => seat && seat.class === cls && !seats.occupied.has(seat.id)).length,
      }))
    : [];
  // A class the show's screen does not have (another show chosen since) is no choice at all.
  const wantedClass = leftPerClass.some(({ cls }) => cls === seatClass) ? seatClass : undefined;

  function startNewSale() {
    setSold(null);
    // A comp is chosen for one sale at a time: the next one is paid unless chosen again.
    if (method === 'comp') setMethod('cash');
    setSelected([]);
    setItems({});
    setTendered('');
    setPaymentRef('');
    setCustomer({ name: '', phone: '', email: '' });
    // The next customer is asked for a class afresh.
    setSeatClass('');
    setNotice(null);
    sell.reset();
    // After the sold panel has gone: the same show's party size, the menu, or the shows.
    requestAnimationFrame(() => {
      if (itemsOnly) menuRef.current?.querySelector('input')?.focus();
      else if (partyRef.current) partyRef.current.focus();
      else focusShows();
    });
  }

  const showsRef = useRef<HTMLUListElement>(null);
  /** Alt+S, and after a shift opens: the chosen show's button, else the first. */
  function focusShows() {
    const buttons = [...(showsRef.current?.querySelectorAll('button') ?? [])];
    (buttons.find((b) => b.getAttribute('aria-pressed') === 'true') ?? buttons[0])?.focus();
  }

  // Arriving with a shift already open (a reload, back from a receipt), the shows take the keys at
  // once, as they do after a shift opens; focus a person already moved is left where it is.
  const arrived = useRef(false);
  const hasShows = counterShows.length > 0;
  useEffect(() => {
    if (arrived.current || !shift || !hasShows) return;
    arrived.current = true;
    if (!document.activeElement || document.activeElement === document.body) focusShows();
  }, [shift, hasShows]);

  // The chosen show stays in sight in its scrolling list, however it was chosen; only the list
  // scrolls, never the page (the seats and the sale stay where they are).
  useEffect(() => {
    const list = showsRef.current;
    const chosen = list?.querySelector('button[aria-pressed="true"]');
    if (!list || !chosen) return;
    const box = list.getBoundingClientRect();
    const it = chosen.getBoundingClientRect();
    if (it.top < box.top) list.scrollTop -= box.top - it.top;
    else if (it.bottom > box.bottom) list.scrollTop += it.bottom - box.bottom;
  }, [showId]);

  /** Up and Down (Home, End) move between the shows: one keystroke a show instead of a Tab. */
  function onShowsKey(event: ReactKeyboardEvent<HTMLUListElement>) {
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'ArrowDown'
        ? Math.min(at + 1, buttons.length - 1)
        : event.key === 'ArrowUp'
          ? Math.max(at - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (next === null || at < 0) return;
    event.preventDefault();
    buttons[next]?.focus();
  }

  /** Alt+F: food and drink without a show; focus goes to the first item's quantity. */
  function startItemsOnly() {
    setSold(null);
    sell.reset();
    setShowId(null);
    setSelected([]);
    setBestWanted(false);
    setNotice(null);
    setItemsOnly(true);
    requestAnimationFrame(() => menuRef.current?.querySelector('input')?.focus());
  }

  /** Best seats asked for before the seat map arrived: picked as soon as it does, not dropped. */
  const [bestWanted, setBestWanted] = useState(false);
  /** Counts picks of best seats, each of which moves the focus on to the payment. */
  const [seatsPicked, setSeatsPicked] = useState(0);
  if (bestWanted && layout) {
    setBestWanted(false);
    chooseBest(layout);
  }

  function pickBest(event?: { preventDefault(): void }) {
    event?.preventDefault();
    if (layout) chooseBest(layout);
    else if (showId) setBestWanted(true);
  }

  function chooseBest(map: Layout) {
    const quantity = Number(party);
    const picked = bestAvailable(map, seats.occupied, quantity, wantedClass);
    if (!picked) {
      setNotice(`No ${quantity} seats together${wantedClass ? ` in ${wantedClass}` : ''}`);
      return;
    }
    setNotice(null);
    setSelected(picked);
    setSeatsPicked((count) => count + 1);
  }

  // Seats picked: the payment field is next (an effect, since the pick can happen during render).
  useEffect(() => {
    if (seatsPicked) paymentFieldOf(method).current?.focus();
    // Only a new pick moves the focus, not a change of payment method.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seatsPicked]);

  function submitSale(event?: FormEvent) {
    event?.preventDefault();
    if (!isReachable) return;
    if (itemsOnly ? !chosenItems.length : !showId || !selected.length) return;
    if (compRefusal) return;
    sell.mutate(
      {
        ...(itemsOnly ? {} : { showId: showId!, selectedSeats: selected }),
        ...(method === 'comp'
          ? { complimentary: true }
          : {
              payment: {
                method,
                ...(method === 'cash' && tendered ? { tendered: Number(tendered) } : {}),
                ...(method !== 'cash' ? { reference: paymentRef } : {}),
              },
            }),
        ...(chosenItems.length
          ? {
              items: chosenItems.map((product) => ({
                productId: product._id,
                quantity: items[product._id]!,
              })),
            }
          : {}),
        customer,
      },
      {
        onSuccess: (answer) => {
          setSold(answer);
          setSelected([]);
          seats.refresh();
          // The stock left beside each item: this sale took some.
          if (chosenItems.length) void menuQuery.refetch();
        },
      },
    );
  }

  // Focus where the next keystroke belongs: the receipt after a sale.
  useEffect(() => {
    if (sold) receiptRef.current?.focus();
  }, [sold]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const keyed = event.altKey ? saleMethods.find((m) => m.key === event.key) : undefined;
      if (keyed) {
        event.preventDefault();
        setMethod(keyed.value);
        requestAnimationFrame(() => paymentFieldOf(keyed.value).current?.focus());
      } else if (event.altKey && event.code === 'KeyF') {
        event.preventDefault();
        startItemsOnly();
      } else if (event.altKey && event.key.toLowerCase() === 'r') {
        event.preventDefault();
        // Selected, so the next reference replaces the last one rather than joining it.
        const lookup = document.getElementById('boxoffice-reference');
        if (lookup instanceof HTMLInputElement) lookup.select();
      } else if (event.altKey && event.code === 'KeyS') {
        event.preventDefault();
        focusShows();
      } else if (event.key === 'Escape' && sold) {
        event.preventDefault();
        startNewSale();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const changePaise =
    method === 'cash' && tendered && !Number.isNaN(Number(tendered))
      ? Math.round(Number(tendered) * 100) - amount.totalPaise
      : null;

  return (
    <div className="mx-auto max-w-[110rem]">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-extrabold">Box office</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Keys: party size (and class), Enter picks seats · Alt+F food &amp; drinks only · Alt+1 cash, Alt+2
          card, Alt+3 UPI{canComp && ', Alt+4 comp'} · Enter sells · Esc next sale · Alt+S shows (↑ ↓) · Alt+R
          find by reference
        </p>
      </div>
      {!isReachable && (
        <div
          role="alert"
          className="mt-3 flex items-center gap-2 rounded-lg bg-red-700 p-3 font-semibold text-white"
        >
          <WifiOff aria-hidden className="size-5 shrink-0" />
          No connection to the server. Nothing can be sold until it is back; this page retries by itself.
        </div>
      )}
      <div className="mt-3 grid gap-3 md:grid-cols-[15rem_1fr] lg:grid-cols-[13rem_1fr_20rem] xl:grid-cols-[16rem_1fr_24rem]">
        <div className="flex flex-col gap-4">
          <ShiftPanel
            shift={shift}
            isKnown={!shiftQuery.isPending}
            isReachable={isReachable}
            onOpened={() => requestAnimationFrame(focusShows)}
          />
          <section aria-labelledby="shows-heading" className={panel}>
            <h2 id="shows-heading" className="text-lg font-bold">
              Today and tomorrow
            </h2>
            <button
              type="button"
              aria-pressed={itemsOnly}
              aria-keyshortcuts="Alt+F"
              onClick={startItemsOnly}
              className={`mt-2 w-full rounded-md border px-2 py-1 text-left text-sm font-semibold ${
                itemsOnly
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800'
              }`}
            >
              Food &amp; drinks only <span className="font-normal">(Alt+F)</span>
            </button>
            <ul
              ref={showsRef}
              aria-keyshortcuts="Alt+S"
              onKeyDown={onShowsKey}
              className="mt-2 flex max-h-80 flex-col gap-1 overflow-y-auto lg:max-h-[28rem]"
            >
              {counterShows.map((one) => (
                <li key={one._id}>
                  <button
                    type="button"
                    aria-pressed={one._id === showId}
                    onClick={() => {
                      setShowId(one._id);
                      setItemsOnly(false);
                      setSelected([]);
                      setSeatClass('');
                      setBestWanted(false);
                      requestAnimationFrame(() => partyRef.current?.focus());
                    }}
                    className={`w-full rounded-md px-2 py-1 text-left text-sm ${
                      one._id === showId
                        ? 'bg-brand-700 text-white'
                        : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'
                    }`}
                  >
                    <span className="font-semibold">{one.movie.title}</span>
                    <br />
                    {one.showDate === today ? 'Today' : 'Tomorrow'} {one.showTime} · {one.screen.name} ·{' '}
                    {one.availableSeats} left
                  </button>
                </li>
              ))}
              {!counterShows.length && <li className="text-sm">No shows today or tomorrow.</li>}
            </ul>
          </section>
        </div>

        <section aria-labelledby="map-heading" className={`${panel} min-w-0`}>
          <h2 id="map-heading" className="text-lg font-bold">
            {itemsOnly
              ? 'Food & drinks only'
              : show
                ? `${show.movie.title}, ${show.showTime} ${show.showDate === today ? 'today' : 'tomorrow'}`
                : 'Seats'}
          </h2>
          {show && (
            <p className="text-sm" data-testid="seats-left">
              {leftPerClass
                .map(
                  ({ cls, left }) =>
                    `${cls} ${prices[cls] === undefined ? '' : `${formatPaise(prices[cls])} `}(${left} left)`,
                )
                .join(' · ')}
              {seats.isLive ? '' : ' (reconnecting…)'}
            </p>
          )}
          {itemsOnly ? (
            <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
              No show and no seats: choose the food and drinks under Sale, then take the payment.
            </p>
          ) : layout ? (
            // A size container, as on the booking page: the seats size themselves to the column.
            <div className="@container mt-3 overflow-x-auto">
              {renderSeatMap({
                layout,
                occupied: seats.occupied,
                selected: new Set(selected),
                onToggle: (id) =>
                  setSelected((current) =>
                    current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
                  ),
                label: show ? `Seats for ${show.movie.title} at ${show.showTime}` : 'Seats',
                prices: seats.seats?.prices ?? {},
              })}
            </div>
          ) : (
            <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">Choose a show.</p>
          )}
        </section>

        <div className="flex flex-col gap-3 md:col-span-2 md:grid md:grid-cols-2 lg:col-span-1 lg:flex">
          <section aria-labelledby="sale-heading" className={panel}>
            <h2 id="sale-heading" className="text-lg font-bold">
              Sale
            </h2>
            {sold ? (
              <div role="status" className="mt-2 flex flex-col gap-2" data-testid="sale-done">
                <p className="text-lg font-bold">
                  <Ticket aria-hidden className="mr-1 inline size-5" />
                  Sold{' '}
                  {sold.booking.bookedSeats.length
                    ? sold.booking.bookedSeats.join(', ')
                    : itemsText(sold.booking.items)}{' '}
                  ·{' '}
                  <span className="font-mono" data-testid="sale-reference">
                    {sold.booking.reference}
                  </span>
                </p>
                {sold.sale.method === 'cash' ? (
                  <p className="text-2xl font-extrabold" data-testid="change-due">
                    Change: {formatPaise(rupeesToPaise(sold.change))}
                  </p>
                ) : (
                  // Nothing to hand back: say how it was paid, as the receipt does.
                  <p className="text-xl font-bold" data-testid="paid-by">
                    {sold.sale.method === 'comp'
                      ? 'Complimentary: nothing to pay'
                      : `Paid by ${sold.sale.method === 'upi' ? 'UPI' : 'card'} · ref ${sold.sale.paymentReference ?? ''}`}
                  </p>
                )}
                <a
                  ref={receiptRef}
                  className={buttonClassName()}
                  href={`/boxoffice/receipts/${sold.booking._id}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  <Printer aria-hidden className="size-4" /> Print receipt
                </a>
                {sold.booking.show && (
                  // The ticket on a page of its own (A4 or whatever the printer holds), for a buyer
                  // who wants one besides the receipt; the cashier's account sold it, so may open it.
                  <a
                    className={buttonClassName('secondary')}
                    href={`/tickets/${sold.booking._id}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    <Ticket aria-hidden className="size-4" /> A4 ticket
                  </a>
                )}
                <button type="button" className={buttonClassName('secondary')} onClick={startNewSale}>
                  Next sale (Esc)
                </button>
              </div>
            ) : (
              <>
                {itemsOnly && (
                  <p role="status" className="mt-2 text-sm font-semibold" data-testid="items-only">
                    Food &amp; drinks only: no show or seats. Choose the items, then the payment.
                  </p>
                )}
                {!itemsOnly && (
                  <form onSubmit={pickBest} className="mt-2 flex flex-wrap items-end gap-2">
                    <label className={`${leftPerClass.length > 1 ? 'w-20' : 'flex-1'} text-sm`}>
                      Party size
                      <input
                        ref={partyRef}
                        className={field}
                        type="number"
                        min={1}
                        max={8}
                        value={party}
                        onChange={(e) => setParty(e.target.value)}
                      />
                    </label>
                    {leftPerClass.length > 1 && (
                      <div className="min-w-28 flex-1 text-sm">
                        {/* Named by its label alone: a wrapping label would add the chosen option. */}
                        <label htmlFor="counter-class">Class</label>
                        <select
                          id="counter-class"
                          className={field}
                          value={wantedClass ?? ''}
                          onChange={(e) => setSeatClass(e.target.value)}
                          // Enter picks the seats here too, as in the party size (a select submits nothing).
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') pickBest(e);
                          }}
                        >
                          <option value="">Any class</option>
                          {/* Their prices and what is left of each are on the line above the map. */}
                          {leftPerClass.map(({ cls }) => (
                            <option key={cls} value={cls}>
                              {cls}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                    {/* Enabled while the seat map loads, so that Enter is taken and kept (bestWanted). */}
                    <button type="submit" className={buttonClassName('secondary')} disabled={!showId}>
                      {bestWanted ? 'Finding seats…' : 'Best seats'}
                    </button>
                  </form>
                )}
                {notice && (
                  <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
                    {notice}
                  </p>
                )}
                <form onSubmit={submitSale} className="mt-3 flex flex-col gap-2">
                  {!itemsOnly && (
                    <p className="text-sm" data-testid="sale-seats">
                      Seats: <strong>{selected.length ? selected.join(', ') : 'none yet'}</strong>
                    </p>
                  )}
                  {itemsOnly && !menu.length && <p className="text-sm">Nothing is on the menu.</p>}
                  {menu.length > 0 && (
                    <fieldset ref={menuRef} className="text-sm">
                      <legend className="font-medium">Food &amp; drinks</legend>
                      <ul className="mt-1 grid gap-1">
                        {menu.map((product) => (
                          <li key={product._id}>
                            <label className="flex items-center justify-between gap-2">
                              <ProductPicture src={pictureOf(product)} alt="" size="sm" />
                              <span className="flex-1">
                                {product.name} · {formatPaise(rupeesToPaise(product.price))}
                                {product.stock !== null && product.stock <= LOW_STOCK
                                  ? ` (${product.stock} left)`
                                  : ''}
                              </span>
                              <input
                                type="number"
                                min={0}
                                max={10}
                                inputMode="numeric"
                                className="w-16 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
                                value={items[product._id] ?? 0}
                                onChange={(e) => {
                                  const units = Math.max(
                                    0,
                                    Math.min(10, Math.trunc(Number(e.target.value) || 0)),
                                  );
                                  setItems((current) => ({ ...current, [product._id]: units }));
                                }}
                              />
                            </label>
                          </li>
                        ))}
                      </ul>
                    </fieldset>
                  )}
                  <p className="text-xl font-bold" data-testid="sale-total">
                    Total {formatPaise(amount.totalPaise)}
                  </p>
                  <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                    <legend className="sr-only">Payment method</legend>
                    {saleMethods.map((m) => (
                      <label key={m.value} className="flex items-center gap-1">
                        <input
                          type="radio"
                          name="method"
                          value={m.value}
                          checked={method === m.value}
                          onChange={() => setMethod(m.value)}
                        />
                        {m.label}{' '}
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">(Alt+{m.key})</span>
                      </label>
                    ))}
                  </fieldset>
                  {isComp ? (
                    <p className="text-sm" data-testid="comp-note">
                      {compRefusal ??
                        'A complimentary ticket: ₹0, nothing to pay, no invoice; counted as a comp in the shift and the reports.'}
                    </p>
                  ) : method === 'cash' ? (
                    <label className="text-sm">
                      Tendered (₹)
                      <input
                        ref={tenderedRef}
                        className={field}
                        inputMode="decimal"
                        value={tendered}
                        onChange={(e) => setTendered(e.target.value)}
                      />
                      {changePaise !== null && (
                        // What to hand back, read aloud across the counter: as large as the total.
                        <span
                          className={`mt-1 block text-2xl font-extrabold tabular-nums ${changePaise < 0 ? 'text-red-700 dark:text-red-400' : ''}`}
                        >
                          {changePaise < 0
                            ? `Short by ${formatPaise(-changePaise)}`
                            : `Change ${formatPaise(changePaise)}`}
                        </span>
                      )}
                    </label>
                  ) : (
                    <label className="text-sm">
                      {method === 'card' ? 'Card terminal reference' : 'UPI reference'}
                      <input
                        ref={referenceRef}
                        className={field}
                        value={paymentRef}
                        onChange={(e) => setPaymentRef(e.target.value)}
                        required
                      />
                    </label>
                  )}
                  <details className="text-sm">
                    <summary>Customer (optional)</summary>
                    {(['name', 'phone', 'email'] as const).map((key) => (
                      <label key={key} className="mt-1 block capitalize">
                        {key}
                        <input
                          className={field}
                          type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                          value={customer[key]}
                          onChange={(e) => setCustomer({ ...customer, [key]: e.target.value })}
                        />
                      </label>
                    ))}
                  </details>
                  <button
                    ref={sellRef}
                    type="submit"
                    className={buttonClassName()}
                    disabled={
                      !isReachable ||
                      !shift ||
                      (itemsOnly ? !chosenItems.length : !selected.length) ||
                      compRefusal !== null ||
                      sell.isPending
                    }
                  >
                    {itemsOnly
                      ? 'Sell food & drinks'
                      : `${isComp ? 'Give' : 'Sell'} ${selected.length ? `${selected.length} seat${selected.length > 1 ? 's' : ''}` : ''}${isComp ? ' free' : ''}`}
                  </button>
                  {!shift && <p className="text-sm">Open a shift first.</p>}
                  {sell.error && (
                    <p
                      role="alert"
                      className="flex items-center gap-1 text-sm text-red-700 dark:text-red-400"
                    >
                      <CircleAlert aria-hidden className="size-4 shrink-0" />
                      {errorText(sell.error)}
                    </p>
                  )}
                </form>
              </>
            )}
          </section>
          <FindPanel isReachable={isReachable} hasShift={Boolean(shift)} />
        </div>
      </div>
    </div>
  );
}
