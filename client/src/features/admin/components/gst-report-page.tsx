import { formatDate, formatRupees, MAX_REPORT_DAYS } from '@marquee/shared';
import { FileSpreadsheet } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { gstRegisterCsvUrl, gstReportCsvUrl, useGstReport } from '../api/reports.ts';
import { useSettings } from '../api/settings.ts';
import { GstinMissingNote } from './gstin-note.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { PeriodFields, ReportActions, usePeriodParams } from './period-fields.tsx';
import { ReportPrintStyles } from './report-print.tsx';
import { FiguresHead, numClassName, TableFrame, tdClassName } from './table-frame.tsx';

const heads = ['Invoices', 'Credit notes', 'Taxable value', 'CGST', 'SGST', 'Total'];

/**
 * /admin/reports/gst: the period's outward supplies per GST rate, invoices less credit notes, for
 * the accountant's return (CONTRACT §10). Dated as the documents are: an invoice on the day it was
 * paid, a credit note on the day of its refund, in the cinema's calendar.
 */
export function GstReportPage() {
  const { from, to, isOrdered, set } = usePeriodParams((end) => `${end.slice(0, 8)}01`);
  const report = useGstReport(isOrdered ? from : '', to);
  const settings = useSettings();
  const seller = settings.data?.settings.cinema;

  return (
    <div className="marquee-report space-y-6">
      <ReportPrintStyles />
      <GstinMissingNote />
      <div className="marquee-report-controls flex flex-wrap items-end gap-3">
        <PeriodFields idPrefix="gst" from={from} to={to} maxDays={MAX_REPORT_DAYS} onChange={set} />
        <ReportActions csvUrl={gstReportCsvUrl(from, to)} />
        <a href={gstRegisterCsvUrl(from, to)} download className={buttonClassName('secondary')}>
          <FileSpreadsheet aria-hidden className="size-4" /> Invoice register (CSV)
        </a>
      </div>
      <p className="hidden text-base font-semibold print:block">
        GST report · {formatDate(from, 'long')} to {formatDate(to, 'long')}
        {seller?.gstin ? ` · GSTIN ${seller.gstin}` : ''}
      </p>
      {!isOrdered ? (
        <ErrorState message="From must not be after To" />
      ) : report.isPending ? (
        <LoadingState label="Loading the report..." />
      ) : report.isError ? (
        <ErrorState
          message={report.error instanceof ApiError ? report.error.message : 'Failed to fetch the GST report'}
        />
      ) : report.data.rates.length === 0 ? (
        <EmptyState
          title="No invoices in this period"
          detail="Pick other days to see the tax on what was sold."
        />
      ) : (
        <>
          <TableFrame
            caption={`GST report, ${formatDate(from, 'long')} to ${formatDate(to, 'long')}`}
            isBusy={report.isPlaceholderData}
          >
            <FiguresHead first="Rate" figures={heads} />
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {report.data.rates.map((r) => (
                <tr key={r.rate}>
                  <th scope="row" className={`${tdClassName} text-left font-medium`}>
                    {r.rate}%
                  </th>
                  <td className={numClassName}>{r.invoices}</td>
                  <td className={numClassName}>{r.creditNotes}</td>
                  <td className={numClassName}>{formatRupees(r.taxableValue, 'accounts')}</td>
                  <td className={numClassName}>{formatRupees(r.cgst, 'accounts')}</td>
                  <td className={numClassName}>{formatRupees(r.sgst, 'accounts')}</td>
                  <td className={numClassName}>{formatRupees(r.total, 'accounts')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-zinc-200 font-semibold dark:border-zinc-700">
              <tr>
                <th scope="row" className={`${tdClassName} text-left`}>
                  Total
                </th>
                <td className={numClassName}>{report.data.totals.invoices}</td>
                <td className={numClassName}>{report.data.totals.creditNotes}</td>
                <td className={numClassName}>{formatRupees(report.data.totals.taxableValue, 'accounts')}</td>
                <td className={numClassName}>{formatRupees(report.data.totals.cgst, 'accounts')}</td>
                <td className={numClassName}>{formatRupees(report.data.totals.sgst, 'accounts')}</td>
                <td className={numClassName}>{formatRupees(report.data.totals.total, 'accounts')}</td>
              </tr>
            </tfoot>
          </TableFrame>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Invoice lines less credit-note lines, each dated on its own day in the cinema&apos;s calendar: an
            invoice when the booking was paid, a credit note when its refund was recorded. Admissions and food
            alike; all intra-state, so each rate&apos;s tax is CGST and SGST in halves (per line, an odd paisa
            goes to SGST). The invoice register lists each document of the period by SAC and rate, with the
            buyer&apos;s GSTIN on business invoices and, on a credit note, the invoice it reduces.
          </p>
        </>
      )}
    </div>
  );
}
