import {
  formatDate,
  formatRupees,
  isIsoDate,
  zonedDate,
  type DailyReportResponse,
  type TicketFigures,
} from '@marquee/shared';
import { Download, Printer } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { dailyReportCsvUrl, useDailyReport } from '../api/reports.ts';
import { inputClassName } from './field.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import {
  FiguresHead,
  numClassName,
  numHeadClassName,
  TableFrame,
  tdClassName,
  thClassName,
} from './table-frame.tsx';
import { ReportPrintStyles } from './report-print.tsx';

const num = numClassName;
const numHead = numHeadClassName;

function Figures({ f }: { f: TicketFigures }) {
  return (
    <>
      <td className={num}>{f.online}</td>
      <td className={num}>{f.counter}</td>
      <td className={num}>{f.comps}</td>
      <td className={num}>{f.tickets}</td>
      <td className={num}>{formatRupees(f.gross)}</td>
      <td className={num}>{formatRupees(f.gst)}</td>
      <td className={num}>{formatRupees(f.net)}</td>
    </>
  );
}

const figureHeads = ['Online', 'Counter', 'Comps', 'Tickets', 'Gross', 'GST', 'Net'];

function ShowTable({ show }: { show: DailyReportResponse['shows'][number] }) {
  const caption = `${show.film}, ${show.screen}, ${show.time}`;
  return (
    <section aria-label={caption} className="space-y-2">
      <h2 className="text-lg font-semibold">
        {show.time} · {show.film}{' '}
        <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
          {show.screen}
          {show.status === 'cancelled' ? ' · cancelled' : ''}
        </span>
      </h2>
      <TableFrame caption={`Sales by class: ${caption}`}>
        <FiguresHead first="Class" figures={['Price', ...figureHeads]} />
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {show.classes.map((c) => (
            <tr key={c.class}>
              <th scope="row" className={`${tdClassName} text-left font-medium`}>
                {c.class}
              </th>
              <td className={num}>{formatRupees(c.price)}</td>
              <Figures f={c} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-zinc-200 font-semibold dark:border-zinc-700">
          <tr>
            <th scope="row" className={`${tdClassName} text-left`}>
              Show total
            </th>
            <td className={num} />
            <Figures f={show.totals} />
          </tr>
        </tfoot>
      </TableFrame>
    </section>
  );
}

function DayTotals({ report }: { report: DailyReportResponse }) {
  const { totals, food } = report;
  const rows = [
    { label: 'Tickets', ...totals.tickets },
    { label: 'Food and drink', ...totals.food },
    { label: 'Day total', gross: totals.gross, gst: totals.gst, net: totals.net },
  ];
  return (
    <section aria-labelledby="day-totals" className="space-y-2">
      <h2 id="day-totals" className="text-lg font-semibold">
        Day totals
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {totals.tickets.tickets} admissions: {totals.tickets.online} online, {totals.tickets.counter} at the
        counter, {totals.tickets.comps} comps. Food and drink: {food.totals.quantity} items
        {food.lines.length ? '' : ' (none sold)'}.
      </p>
      <TableFrame caption="Day totals">
        <thead className="border-b border-zinc-200 dark:border-zinc-800">
          <tr>
            <th scope="col" className={thClassName}>
              Sales
            </th>
            <th scope="col" className={numHead}>
              Gross
            </th>
            <th scope="col" className={numHead}>
              GST
            </th>
            <th scope="col" className={numHead}>
              Net
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((r) => (
            <tr key={r.label} className={r.label === 'Day total' ? 'font-semibold' : ''}>
              <th scope="row" className={`${tdClassName} text-left`}>
                {r.label}
              </th>
              <td className={num}>{formatRupees(r.gross)}</td>
              <td className={num}>{formatRupees(r.gst)}</td>
              <td className={num}>{formatRupees(r.net)}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </section>
  );
}

function FoodTable({ report }: { report: DailyReportResponse }) {
  const { food } = report;
  return (
    <section aria-labelledby="food-sales" className="space-y-2">
      <h2 id="food-sales" className="text-lg font-semibold">
        Food and drink
      </h2>
      {food.lines.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No food or drink sold for these shows.</p>
      ) : (
        <TableFrame caption="Food and drink sold for the day's shows">
          <thead className="border-b border-zinc-200 dark:border-zinc-800">
            <tr>
              {['Item', 'Quantity', 'Gross', 'GST', 'Net'].map((h, i) => (
                <th key={h} scope="col" className={i === 0 ? thClassName : numHead}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {food.lines.map((l) => (
              <tr key={l.name}>
                <th scope="row" className={`${tdClassName} text-left font-medium`}>
                  {l.name}
                </th>
                <td className={num}>{l.quantity}</td>
                <td className={num}>{formatRupees(l.gross)}</td>
                <td className={num}>{formatRupees(l.gst)}</td>
                <td className={num}>{formatRupees(l.net)}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </section>
  );
}

/** /admin/reports/daily: the daily collection report of a chosen day, printable, with its CSV. */
export function DailyReportPage() {
  const timeZone = useCinemaTimeZone();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : zonedDate(new Date(), timeZone);
  const report = useDailyReport(date);

  return (
    <div className="marquee-report space-y-6">
      <ReportPrintStyles />
      <div className="marquee-report-controls flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="report-date" className="block text-sm font-medium">
            Day
          </label>
          <input
            id="report-date"
            type="date"
            value={date}
            onChange={(event) => {
              if (isIsoDate(event.target.value)) setParams({ date: event.target.value }, { replace: true });
            }}
            className={`${inputClassName} mt-1 w-44`}
          />
        </div>
        <a href={dailyReportCsvUrl(date)} download className={buttonClassName('secondary')}>
          <Download aria-hidden className="size-4" /> Download CSV
        </a>
        <button type="button" onClick={() => window.print()} className={buttonClassName('secondary')}>
          <Printer aria-hidden className="size-4" /> Print
        </button>
      </div>
      <p className="hidden text-base font-semibold print:block">
        Daily collection report · {formatDate(date, 'long')}
      </p>
      {report.isPending ? (
        <LoadingState label="Loading the report..." />
      ) : report.isError ? (
        <ErrorState
          message={
            report.error instanceof ApiError ? report.error.message : 'Failed to fetch the daily report'
          }
        />
      ) : (
        <div className="space-y-8" aria-busy={report.isPlaceholderData || undefined}>
          {report.data.shows.length === 0 ? (
            <EmptyState title="No shows on this day" detail="Pick another day to see its collection." />
          ) : (
            report.data.shows.map((show) => <ShowTable key={show.showId} show={show} />)
          )}
          <FoodTable report={report.data} />
          <DayTotals report={report.data} />
        </div>
      )}
    </div>
  );
}
