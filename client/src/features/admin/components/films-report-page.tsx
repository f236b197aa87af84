import { formatDate, formatRupees, MAX_REPORT_DAYS } from '@marquee/shared';
import { ApiError } from '../../../lib/api.ts';
import { filmsReportCsvUrl, useFilmsReport } from '../api/reports.ts';
import { PeriodFields, ReportActions, usePeriodParams } from './period-fields.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { FiguresHead, numClassName, TableFrame, tdClassName } from './table-frame.tsx';
import { ReportPrintStyles } from './report-print.tsx';

const heads = ['Shows', 'Admissions', 'Gross', 'GST', 'Net', 'Share %', 'Distributor share'];

/** /admin/reports/films: per film what was taken and what is owed to its distributor. */
export function FilmsReportPage() {
  const { from, to, isOrdered, set } = usePeriodParams((end) => `${end.slice(0, 8)}01`);
  const report = useFilmsReport(isOrdered ? from : '', to);

  return (
    <div className="marquee-report space-y-6">
      <ReportPrintStyles />
      <div className="marquee-report-controls flex flex-wrap items-end gap-3">
        <PeriodFields idPrefix="films" from={from} to={to} maxDays={MAX_REPORT_DAYS} onChange={set} />
        <ReportActions csvUrl={filmsReportCsvUrl(from, to)} />
      </div>
      <p className="hidden text-base font-semibold print:block">
        Films report · {formatDate(from, 'long')} to {formatDate(to, 'long')}
      </p>
      {!isOrdered ? (
        <ErrorState message="From must not be after To" />
      ) : report.isPending ? (
        <LoadingState label="Loading the report..." />
      ) : report.isError ? (
        <ErrorState
          message={
            report.error instanceof ApiError ? report.error.message : 'Failed to fetch the films report'
          }
        />
      ) : report.data.films.length === 0 ? (
        <EmptyState title="No shows in this period" detail="Pick other days to see what each film took." />
      ) : (
        <TableFrame
          caption={`Films report, ${formatDate(from, 'long')} to ${formatDate(to, 'long')}`}
          isBusy={report.isPlaceholderData}
        >
          <FiguresHead first="Film" figures={heads} />
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {report.data.films.map((f) => (
              <tr key={f.movieId}>
                <th scope="row" className={`${tdClassName} text-left font-medium`}>
                  {f.film}
                </th>
                <td className={numClassName}>{f.shows}</td>
                <td className={numClassName}>{f.admissions}</td>
                <td className={numClassName}>{formatRupees(f.gross)}</td>
                <td className={numClassName}>{formatRupees(f.gst)}</td>
                <td className={numClassName}>{formatRupees(f.net)}</td>
                <td className={numClassName}>{f.distributorSharePercent}%</td>
                <td className={numClassName}>{formatRupees(f.distributorShare)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-zinc-200 font-semibold dark:border-zinc-700">
            <tr>
              <th scope="row" className={`${tdClassName} text-left`}>
                Total
              </th>
              <td className={numClassName}>{report.data.totals.shows}</td>
              <td className={numClassName}>{report.data.totals.admissions}</td>
              <td className={numClassName}>{formatRupees(report.data.totals.gross)}</td>
              <td className={numClassName}>{formatRupees(report.data.totals.gst)}</td>
              <td className={numClassName}>{formatRupees(report.data.totals.net)}</td>
              <td className={numClassName} />
              <td className={numClassName}>{formatRupees(report.data.totals.distributorShare)}</td>
            </tr>
          </tfoot>
        </TableFrame>
      )}
    </div>
  );
}
