import { formatDate, formatRupees, type DashboardChartsResponse } from '@marquee/shared';
import { useId, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useDashboardCharts } from '../api/reports.ts';
import { channelLabels, niceMax, occupancyPercent } from '../chart-scale.ts';
import { ErrorState, LoadingState } from './list-states.tsx';

// Hand-drawn SVG (decision 0025): three small charts need no library, and the admin chunk stays
// small. Colours come from the theme's classes, so both themes read; each chart has its figures
// as a table under a disclosure, for screen readers and anyone who wants the numbers.

const cardClassName =
  'rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900';
const tableClassName = 'mt-2 w-full text-sm tabular-nums';
const cell = 'px-2 py-1 text-right';
const headCell = 'px-2 py-1 text-right font-semibold';

function ChartCard({
  title,
  summary,
  children,
  table,
}: {
  title: string;
  summary: string;
  children: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClassName} min-w-0`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={`${id}-summary`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {summary}
      </p>
      <div className="mt-4">{children}</div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          Show the figures as a table
        </summary>
        {/* Its own sideways scroll on a narrow screen, so the page never scrolls sideways. */}
        <div role="region" aria-label={`${title}: figures`} tabIndex={0} className="overflow-x-auto">
          {table}
        </div>
      </details>
    </section>
  );
}

function SalesChart({ days }: { days: DashboardChartsResponse['salesByDay'] }) {
  const width = 600;
  const height = 180;
  const top = niceMax(Math.max(...days.map((d) => d.gross)));
  const slot = width / days.length;
  // Day before month, as the rest of the app writes dates: '27/11'.
  const label = (date: string) => `${Number(date.slice(8))}/${Number(date.slice(5, 7))}`;
  return (
    <svg
      viewBox={`0 0 ${width} ${height + 24}`}
      role="img"
      aria-label={`Gross sales per day, up to ${formatRupees(top)}`}
      className="h-auto w-full"
    >
      <line x1={0} x2={width} y1={height} y2={height} className="stroke-zinc-300 dark:stroke-zinc-700" />
      <line
        x1={0}
        x2={width}
        y1={0.5}
        y2={0.5}
        strokeDasharray="4 4"
        className="stroke-zinc-200 dark:stroke-zinc-800"
      />
      <text x={2} y={12} className="fill-zinc-600 text-[11px] dark:fill-zinc-400">
        {formatRupees(top)}
      </text>
      {days.map((d, i) => {
        const h = (d.gross / top) * (height - 16);
        return (
          <g key={d.date}>
            <rect
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={h}
              rx={1.5}
              className={
                i === days.length - 1
                  ? 'fill-brand-800 dark:fill-brand-300'
                  : 'fill-brand-600 dark:fill-brand-500'
              }
            >
              <title>{`${formatDate(d.date)}: ${d.tickets} tickets, ${formatRupees(d.gross)}`}</title>
            </rect>
            {(i % 7 === 1 || i === days.length - 1) && (
              <text
                // The last day's label ends at the chart's edge instead of running past it.
                x={i === days.length - 1 ? width : i * slot + slot / 2}
                y={height + 16}
                textAnchor={i === days.length - 1 ? 'end' : 'middle'}
                className="fill-zinc-600 text-[11px] dark:fill-zinc-400"
              >
                {label(d.date)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Horizontal bars, one per row: the occupancy and channel charts. */
function BarList({
  rows,
  label,
}: {
  rows: { key: string; name: string; value: number; max: number; text: string }[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="space-y-2">
      {rows.map((r) => (
        <li key={r.key} className="text-sm">
          <div className="flex justify-between gap-2">
            <span className="truncate">{r.name}</span>
            <span className="shrink-0 tabular-nums text-zinc-700 dark:text-zinc-300">{r.text}</span>
          </div>
          <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden className="mt-1 h-2 w-full">
            <rect x={0} y={0} width={100} height={6} rx={3} className="fill-zinc-100 dark:fill-zinc-800" />
            <rect
              x={0}
              y={0}
              width={r.max > 0 ? (r.value / r.max) * 100 : 0}
              height={6}
              rx={3}
              className="fill-brand-600 dark:fill-brand-400"
            />
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's charts (CONTRACT §14); the cards above set today against last week. */
export function DashboardCharts() {
  const charts = useDashboardCharts();
  if (charts.isPending) return <LoadingState label="Loading charts..." />;
  if (charts.isError) {
    return (
      <ErrorState
        message={charts.error instanceof ApiError ? charts.error.message : 'Failed to fetch the charts'}
      />
    );
  }
  const { salesByDay, occupancy, revenueByChannel } = charts.data;
  const total30 = salesByDay.reduce((s, d) => s + d.gross, 0);
  const channelMax = Math.max(...revenueByChannel.map((c) => c.gross), 0);

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="min-w-0 xl:col-span-2">
          <ChartCard
            title="Sales per day"
            summary={`Paid bookings by the day they were paid, the last 30 days: ${formatRupees(total30)} in all.`}
            table={
              <table className={tableClassName}>
                <caption className="sr-only">Sales per day, the last 30 days</caption>
                <thead>
                  <tr>
                    <th scope="col" className={`${headCell} text-left`}>
                      Day
                    </th>
                    <th scope="col" className={headCell}>
                      Tickets
                    </th>
                    <th scope="col" className={headCell}>
                      Gross
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {salesByDay.map((d) => (
                    <tr key={d.date}>
                      <th scope="row" className={`${cell} text-left font-normal`}>
                        {formatDate(d.date)}
                      </th>
                      <td className={cell}>{d.tickets}</td>
                      <td className={cell}>{formatRupees(d.gross)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          >
            <SalesChart days={salesByDay} />
          </ChartCard>
        </div>
        <ChartCard
          title="Today's occupancy"
          summary={occupancy.length ? 'Seats sold of each show today, comps included.' : 'No shows today.'}
          table={
            <table className={tableClassName}>
              <caption className="sr-only">Occupancy per show today</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${headCell} text-left`}>
                    Show
                  </th>
                  <th scope="col" className={headCell}>
                    Sold
                  </th>
                  <th scope="col" className={headCell}>
                    Seats
                  </th>
                  <th scope="col" className={headCell}>
                    Occupancy
                  </th>
                </tr>
              </thead>
              <tbody>
                {occupancy.map((s) => (
                  <tr key={s.showId}>
                    <th
                      scope="row"
                      className={`${cell} text-left font-normal`}
                    >{`${s.time} ${s.film} (${s.screen})`}</th>
                    <td className={cell}>{s.sold}</td>
                    <td className={cell}>{s.totalSeats}</td>
                    <td className={cell}>{occupancyPercent(s.sold, s.totalSeats)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          <BarList
            label="Occupancy per show"
            rows={occupancy.map((s) => ({
              key: s.showId,
              name: `${s.time} · ${s.film}`,
              value: s.sold,
              max: s.totalSeats,
              text: `${s.sold}/${s.totalSeats} · ${occupancyPercent(s.sold, s.totalSeats)}%`,
            }))}
          />
        </ChartCard>
        <ChartCard
          title="Revenue by channel"
          summary="Gross of paid bookings over the last 30 days, by where they were sold."
          table={
            <table className={tableClassName}>
              <caption className="sr-only">Revenue by channel, the last 30 days</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${headCell} text-left`}>
                    Channel
                  </th>
                  <th scope="col" className={headCell}>
                    Tickets
                  </th>
                  <th scope="col" className={headCell}>
                    Gross
                  </th>
                </tr>
              </thead>
              <tbody>
                {revenueByChannel.map((c) => (
                  <tr key={c.channel}>
                    <th scope="row" className={`${cell} text-left font-normal`}>
                      {channelLabels[c.channel] ?? c.channel}
                    </th>
                    <td className={cell}>{c.tickets}</td>
                    <td className={cell}>{formatRupees(c.gross)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          <BarList
            label="Revenue per channel"
            rows={revenueByChannel.map((c) => ({
              key: c.channel,
              name: channelLabels[c.channel] ?? c.channel,
              value: c.gross,
              max: channelMax,
              text: `${formatRupees(c.gross)} · ${c.tickets} tickets`,
            }))}
          />
        </ChartCard>
      </div>
    </div>
  );
}
