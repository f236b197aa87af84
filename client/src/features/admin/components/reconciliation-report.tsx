import { CircleCheck, TriangleAlert } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { useReconciliation } from '../api/get-refunds.ts';
import { describeDiscrepancy } from '../discrepancy-words.ts';
import { formatInstant } from '../format.ts';
import { ErrorState } from './list-states.tsx';

/** The reconciliation's findings in plain words, or that everything matches. */
export function ReconciliationReport() {
  const report = useReconciliation();
  const timeZone = useCinemaTimeZone();
  const checkAgain = (
    <button
      type="button"
      onClick={() => void report.refetch()}
      disabled={report.isFetching}
      className={buttonClassName('secondary', 'shrink-0')}
    >
      {report.isFetching ? 'Checking…' : 'Check again'}
    </button>
  );

  // The page's one loading status is the refunds list's; this section says so in its own words.
  if (report.isPending)
    return (
      <p aria-busy="true" className="py-6 text-zinc-600 dark:text-zinc-400">
        Comparing payments, bookings and refunds...
      </p>
    );
  if (report.isError) return <ErrorState message={report.error.message} />;
  const found = report.data.discrepancies;
  return (
    <div aria-busy={report.isFetching || undefined}>
      {found.length === 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-200">
          <p className="flex items-center gap-2 font-medium">
            <CircleCheck aria-hidden className="size-5 shrink-0" />
            Everything matches: every payment taken is a paid booking with its seats, or a refund.
          </p>
          {checkAgain}
        </div>
      ) : (
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 font-semibold">
              <TriangleAlert aria-hidden className="size-5 shrink-0" />
              {found.length} thing{found.length === 1 ? '' : 's'} {found.length === 1 ? 'does' : 'do'} not
              match
            </p>
            {checkAgain}
          </div>
          <ul className="mt-3 space-y-3">
            {found.map((discrepancy) => {
              const words = describeDiscrepancy(discrepancy, (iso) => formatInstant(iso, timeZone));
              return (
                <li
                  key={JSON.stringify(discrepancy)}
                  className="rounded-md border border-red-200 bg-white px-3 py-2 text-zinc-900 dark:border-red-900 dark:bg-zinc-900 dark:text-zinc-100"
                >
                  <p className="font-medium break-words">{words.title}</p>
                  <p className="mt-0.5 text-sm break-words text-zinc-700 dark:text-zinc-300">
                    {words.detail}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
