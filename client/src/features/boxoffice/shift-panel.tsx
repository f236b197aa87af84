import { formatPaise, rupeesToPaise, type Shift } from '@marquee/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useCloseShift, useOpenShift } from './boxoffice-api.ts';
import { errorText, field, panel } from './counter-styles.ts';

/**
 * The shift panel: open with a float, or the running figures and the close with the count. Each
 * state is its own section (`key`), so the float box never becomes the count box with the cursor
 * still in it, where the next Enter would close the shift.
 */
export function ShiftPanel({
  shift,
  isKnown,
  isReachable,
  onOpened,
}: {
  shift: Shift | null;
  /** Whether the server has answered (or failed to) if a shift is open: until then no form is offered. */
  isKnown: boolean;
  isReachable: boolean;
  /** After the shift opens: the page puts the cursor on the shows. */
  onOpened: () => void;
}) {
  const open = useOpenShift();
  const close = useCloseShift();
  const [float, setFloat] = useState('');
  const [counted, setCounted] = useState('');
  const [closed, setClosed] = useState<Shift | null>(null);
  /** The count awaiting the cashier's yes: a closed shift never changes (CONTRACT §11). */
  const [confirming, setConfirming] = useState(false);

  if (!isKnown) {
    return (
      <section key="loading" aria-labelledby="shift-heading" className={panel}>
        <h2 id="shift-heading" className="text-lg font-bold">
          Shift
        </h2>
        <p role="status" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Loading the shift…
        </p>
      </section>
    );
  }
  if (!shift) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      open.mutate(Number(float || '0'), {
        onSuccess: () => {
          setClosed(null);
          onOpened();
        },
      });
    };
    return (
      <section key="open" aria-labelledby="shift-heading" className={panel}>
        <h2 id="shift-heading" className="text-lg font-bold">
          Shift
        </h2>
        {closed && (
          <div role="status" className="mt-2">
            <p className="text-base">
              Shift closed. Variance {formatPaise(rupeesToPaise(closed.variance ?? 0))}.{' '}
              <Link className="underline" to={`/boxoffice/shifts/${closed._id}`}>
                Print the cash-up
              </Link>
            </p>
            <CashUp shift={closed} />
          </div>
        )}
        <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
          <label className="min-w-32 flex-1 text-sm">
            <span className="block whitespace-nowrap">Opening float (₹)</span>
            <input
              className={field}
              inputMode="decimal"
              value={float}
              onChange={(e) => setFloat(e.target.value)}
              // Ready for the day's float; not straight after a close, where a stray Enter would
              // open another shift.
              autoFocus={!closed}
            />
          </label>
          <button type="submit" className={buttonClassName()} disabled={!isReachable || open.isPending}>
            Open shift
          </button>
        </form>
        {open.error && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {errorText(open.error)}
          </p>
        )}
      </section>
    );
  }
  const countedCash = Number(counted || '0');
  const submitClose = (event: FormEvent) => {
    event.preventDefault();
    if (!Number.isNaN(countedCash)) setConfirming(true);
  };
  const confirmClose = () =>
    close.mutate(
      { shiftId: shift._id, countedCash },
      {
        onSuccess: (answer) => setClosed(answer.shift),
        onSettled: () => setConfirming(false),
      },
    );
  const rupees = (value: number) => formatPaise(rupeesToPaise(value));
  return (
    <section key="close" aria-labelledby="shift-heading" className={panel}>
      <h2 id="shift-heading" className="text-lg font-bold">
        Shift open
      </h2>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-base">
        <dt>Float</dt>
        <dd className="text-right tabular-nums">{rupees(shift.openingFloat)}</dd>
        <dt>Cash sales</dt>
        <dd className="text-right tabular-nums">{rupees(shift.cashSales)}</dd>
        <dt>Card / UPI</dt>
        <dd className="text-right tabular-nums">{rupees(shift.cardSales + shift.upiSales)}</dd>
        <dt>Cash refunds</dt>
        <dd className="text-right tabular-nums">{rupees(shift.cashRefunds)}</dd>
        <dt className="font-semibold">Expected cash</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="expected-cash">
          {rupees(shift.expectedCash)}
        </dd>
        <dt>Tickets</dt>
        <dd className="text-right tabular-nums">{shift.tickets}</dd>
        <dt>of which comps</dt>
        <dd className="text-right tabular-nums" data-testid="shift-comps">
          {shift.comps}
        </dd>
      </dl>
      <form onSubmit={submitClose} className="mt-3 flex flex-wrap items-end gap-2">
        <label className="min-w-32 flex-1 text-sm">
          <span className="block whitespace-nowrap">Counted cash (₹)</span>
          <input
            className={field}
            inputMode="decimal"
            value={counted}
            onChange={(e) => setCounted(e.target.value)}
          />
        </label>
        <button
          type="submit"
          className={buttonClassName('secondary')}
          disabled={!isReachable || close.isPending}
        >
          Close shift
        </button>
      </form>
      {close.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {errorText(close.error)}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Close the shift?"
          confirmLabel="Close shift"
          busyLabel="Closing…"
          cancelLabel="Keep it open"
          isBusy={close.isPending}
          onConfirm={confirmClose}
          onClose={() => setConfirming(false)}
        >
          <p>
            Counted {rupees(countedCash)} against {rupees(shift.expectedCash)} expected: a variance of{' '}
            {rupees(countedCash - shift.expectedCash)}.
          </p>
          <p>A closed shift cannot be changed or opened again.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * A closed shift's cash-up on the screen, in type the cashier reads at arm's length while counting
 * the drawer against it (the printable 80 mm one is a link away): sales and refunds by method, the
 * cash expected and counted, and the variance.
 */
function CashUp({ shift }: { shift: Shift }) {
  const rupees = (value: number) => formatPaise(rupeesToPaise(value));
  const rows: [string, number][] = [
    ['Float', shift.openingFloat],
    ['Cash sales', shift.cashSales],
    ['Card sales', shift.cardSales],
    ['UPI sales', shift.upiSales],
    ['Cash refunds', shift.cashRefunds],
    ['Card refunds', shift.cardRefunds],
    ['UPI refunds', shift.upiRefunds],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-base tabular-nums">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt>{term}</dt>
          <dd className="text-right">{rupees(value)}</dd>
        </div>
      ))}
      <dt className="font-semibold">Expected cash</dt>
      <dd className="text-right font-semibold">{rupees(shift.expectedCash)}</dd>
      <dt className="font-semibold">Counted cash</dt>
      <dd className="text-right font-semibold">{rupees(shift.countedCash ?? 0)}</dd>
      <dt className="text-xl font-extrabold">Variance</dt>
      <dd
        className={`text-right text-xl font-extrabold ${(shift.variance ?? 0) < 0 ? 'text-red-700 dark:text-red-400' : ''}`}
      >
        {rupees(shift.variance ?? 0)}
      </dd>
    </dl>
  );
}
