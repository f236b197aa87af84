import { formatRupees, type AdminRefund } from '@marquee/shared';
import { RotateCw } from 'lucide-react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { useRefunds, useRetryRefund } from '../api/get-refunds.ts';
import { formatInstant } from '../format.ts';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { RefundStatusBadge } from './status-badge.tsx';
import { tdClassName, TableFrame, thClassName } from './table-frame.tsx';

// Booking and status (with Retry) first: on a phone they are what shows before scrolling.
const columns = ['Booking', 'Status', 'Amount', 'Why, and what the gateway said', 'Recorded'];
const muted = 'text-zinc-600 dark:text-zinc-400';

function count(refunds: AdminRefund[], status: AdminRefund['status']) {
  return refunds.filter((refund) => refund.status === status).length;
}

/** Every refund owed, with the gateway's last answer; a failed one can be tried again. */
export function RefundsList() {
  const refunds = useRefunds();
  const retry = useRetryRefund();
  const timeZone = useCinemaTimeZone();

  const onRetry = (refund: AdminRefund) =>
    retry.mutate(refund._id, {
      onSuccess: (answer) =>
        (answer.status === 'succeeded' ? toast.success : toast.error)(
          `${refund.reference ?? 'Refund'}: ${answer.message}`,
        ),
      onError: (error) =>
        toast.error(
          error instanceof ApiError ? error.message : 'Failed to retry the refund. Please try again.',
        ),
    });

  if (refunds.isPending) return <LoadingState label="Loading refunds..." />;
  if (refunds.isError) return <ErrorState message={refunds.error.message} />;
  const list = refunds.data.refunds;
  if (list.length === 0)
    return <EmptyState title="No refunds yet" detail="Refunds appear here as soon as one is owed." />;
  return (
    <>
      <p className={`mb-3 text-sm ${muted}`}>
        {count(list, 'failed')} failed · {count(list, 'pending')} pending · {count(list, 'succeeded')}{' '}
        refunded
        {list.length === 200 ? ' (the latest 200)' : ''}
      </p>
      <TableFrame caption="Refunds, newest first" isBusy={refunds.isFetching && !refunds.isPending}>
        <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClassName}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {list.map((refund) => {
            const name = `${formatRupees(refund.amount)} for ${refund.reference ? `booking ${refund.reference}` : 'a payment with no booking'}`;
            const isRetrying = retry.isPending && retry.variables === refund._id;
            return (
              <tr key={refund._id}>
                <td className={tdClassName}>
                  <span className="block font-mono font-semibold">{refund.reference ?? '—'}</span>
                  <span className={`block text-xs capitalize ${muted}`}>{refund.gateway}</span>
                </td>
                <td className={tdClassName}>
                  <RefundStatusBadge status={refund.status} />
                  <span className={`mt-1 block text-xs whitespace-nowrap ${muted}`}>
                    {refund.attempts} attempt{refund.attempts === 1 ? '' : 's'}
                  </span>
                  {refund.status === 'failed' && (
                    <button
                      type="button"
                      aria-label={`Retry the refund of ${name}`}
                      disabled={isRetrying}
                      onClick={() => onRetry(refund)}
                      className={buttonClassName('secondary', 'mt-2 px-3 py-1.5 whitespace-nowrap')}
                    >
                      <RotateCw aria-hidden className={`size-4 ${isRetrying ? 'animate-spin' : ''}`} />
                      {isRetrying ? 'Retrying…' : 'Retry'}
                    </button>
                  )}
                </td>
                <td className={`${tdClassName} whitespace-nowrap`}>{formatRupees(refund.amount)}</td>
                <td className={`${tdClassName} max-w-sm`}>
                  <span className="block">{refund.reason}</span>
                  {refund.status === 'succeeded' && refund.succeededAt ? (
                    <span className={`block text-xs ${muted}`}>
                      Refunded{' '}
                      <time dateTime={refund.succeededAt}>{formatInstant(refund.succeededAt, timeZone)}</time>
                    </span>
                  ) : refund.lastError ? (
                    <span className="block text-xs break-words text-red-800 dark:text-red-300">
                      Gateway: {refund.lastError}
                    </span>
                  ) : (
                    <span className={`block text-xs ${muted}`}>Waiting for the gateway</span>
                  )}
                </td>
                <td className={`${tdClassName} whitespace-nowrap`}>
                  <time dateTime={refund.createdAt}>{formatInstant(refund.createdAt, timeZone)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableFrame>
    </>
  );
}
