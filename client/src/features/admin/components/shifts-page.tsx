import {
  addDays,
  DEFAULT_SHIFT_DAYS,
  formatDate,
  formatDateTime,
  formatRupees,
  formatTimeAt,
  MAX_SHIFT_DAYS,
  paiseToRupees,
  rupeesToPaise,
  zonedDate,
  type Shift,
  type ShiftTotals,
} from '@marquee/shared';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { shiftsCsvUrl, useShifts } from '../api/shifts.ts';
import { PeriodFields, ReportActions, usePeriodParams } from './period-fields.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { ReportPrintStyles } from './report-print.tsx';
import { TableFrame, tdClassName, thClassName } from './table-frame.tsx';

const num = `${tdClassName} text-right tabular-nums whitespace-nowrap`;
const numHead = `${thClassName} text-right`;
const moneyHeads = ['Float', 'Cash sales', 'Card', 'UPI', 'Refunds', 'Expected cash', 'Counted', 'Variance'];

/** Refunds of every method: cash from the drawer, card and UPI through the terminal. */
const refundsOf = (s: Pick<Shift, 'cashRefunds' | 'cardRefunds' | 'upiRefunds'>) =>
  paiseToRupees(rupeesToPaise(s.cashRefunds) + rupeesToPaise(s.cardRefunds) + rupeesToPaise(s.upiRefunds));

/** When a shift closed: its time, with the day when that was not the day it opened. */
function closedAt(openedAt: string, closed: string, timeZone: string): string {
  const sameDay = zonedDate(new Date(openedAt), timeZone) === zonedDate(new Date(closed), timeZone);
  return sameDay ? formatTimeAt(closed, timeZone) : formatDateTime(closed, timeZone);
}

/** A variance in words and colour: short in red, over in amber, nothing when it balances. */
function Variance({ value }: { value: number | null }) {
  if (value === null) return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  const tone =
    value < 0 ? 'text-red-700 dark:text-red-400' : value > 0 ? 'text-amber-800 dark:text-amber-300' : '';
  return (
    <span className={`font-semibold ${tone}`}>
      {value > 0 ? '+' : ''}
      {formatRupees(value)}
      {value !== 0 && <span className="sr-only">{value < 0 ? ' short' : ' over'}</span>}
    </span>
  );
}

function MoneyCells({ figures, isOpen }: { figures: Shift | ShiftTotals; isOpen?: boolean }) {
  return (
    <>
      <td className={num}>{formatRupees(figures.openingFloat)}</td>
      <td className={num}>{formatRupees(figures.cashSales)}</td>
      <td className={num}>{formatRupees(figures.cardSales)}</td>
      <td className={num}>{formatRupees(figures.upiSales)}</td>
      <td className={num}>{formatRupees(refundsOf(figures))}</td>
      <td className={num}>{formatRupees(figures.expectedCash)}</td>
      <td className={num}>
        {isOpen || figures.countedCash === null ? '—' : formatRupees(figures.countedCash)}
      </td>
      <td className={num}>
        <Variance value={isOpen ? null : figures.variance} />
      </td>
      <td className={num}>
        {figures.tickets} ticket{figures.tickets === 1 ? '' : 's'}
        {figures.items > 0 && (
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            {figures.items} item{figures.items === 1 ? '' : 's'}
          </span>
        )}
      </td>
    </>
  );
}

/** /admin/shifts: every cashier's shifts of a period with their cash-ups, for the manager. */
export function ShiftsPage() {
  const timeZone = useCinemaTimeZone();
  const { from, to, isOrdered, set } = usePeriodParams((end) => addDays(end, 1 - DEFAULT_SHIFT_DAYS));
  const list = useShifts(isOrdered ? from : '', to);
  const period = `${formatDate(from, 'long')} to ${formatDate(to, 'long')}`;

  return (
    <div className="marquee-report space-y-6">
      <ReportPrintStyles />
      <div className="marquee-report-controls flex flex-wrap items-end gap-3">
        <PeriodFields idPrefix="shifts" from={from} to={to} maxDays={MAX_SHIFT_DAYS} onChange={set} />
        <ReportActions csvUrl={shiftsCsvUrl(from, to)} />
      </div>
      <p className="hidden text-base font-semibold print:block">Shifts · {period}</p>
      {!isOrdered ? (
        <ErrorState message="From must not be after To" />
      ) : list.isPending ? (
        <LoadingState label="Loading the shifts..." />
      ) : list.isError ? (
        <ErrorState
          message={list.error instanceof ApiError ? list.error.message : 'Failed to fetch the shifts'}
        />
      ) : list.data.shifts.length === 0 ? (
        <EmptyState
          title="No shifts in this period"
          detail="A shift starts when a cashier opens one at the box office with the float in the drawer."
        />
      ) : (
        <TableFrame caption={`Shifts, ${period}`} isBusy={list.isPlaceholderData}>
          <thead className="border-b border-zinc-200 dark:border-zinc-800">
            <tr>
              <th scope="col" className={thClassName}>
                Cashier and shift
              </th>
              {moneyHeads.map((head) => (
                <th key={head} scope="col" className={numHead}>
                  {head}
                </th>
              ))}
              <th scope="col" className={numHead}>
                Sold
              </th>
              <th scope="col" className={`${thClassName} print:hidden`}>
                <span className="sr-only">Cash-up</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {list.data.shifts.map((shift) => {
              const opened = formatDateTime(shift.openedAt, timeZone);
              return (
                <tr key={shift._id}>
                  <th scope="row" className={`${tdClassName} text-left whitespace-nowrap`}>
                    <span className="font-medium">{shift.user.name}</span>
                    <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                      {opened} to{' '}
                      {shift.closedAt ? (
                        closedAt(shift.openedAt, shift.closedAt, timeZone)
                      ) : (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
                          still open
                        </span>
                      )}
                    </span>
                  </th>
                  <MoneyCells figures={shift} isOpen={shift.closedAt === null} />
                  <td className={`${tdClassName} whitespace-nowrap print:hidden`}>
                    <Link
                      to={`/boxoffice/shifts/${shift._id}`}
                      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-400"
                      aria-label={`Cash-up of ${shift.user.name}'s shift opened ${opened}`}
                    >
                      Cash-up
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t-2 border-zinc-200 font-semibold dark:border-zinc-700">
            <tr>
              <th scope="row" className={`${tdClassName} text-left`}>
                Total ({list.data.shifts.length} shift{list.data.shifts.length === 1 ? '' : 's'})
              </th>
              <MoneyCells figures={list.data.totals} />
              <td className={`${tdClassName} print:hidden`} />
            </tr>
          </tfoot>
        </TableFrame>
      )}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Expected cash is the float plus cash sales less cash refunds. Counted cash and variance add up the
        closed shifts only; an open shift is still taking money.
      </p>
    </div>
  );
}
