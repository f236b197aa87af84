import type { AdminRefundsResponse, ReconciliationResponse, RetryRefundResponse } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

const refundsKey = [...adminQueryKey, 'refunds'] as const;
const reconciliationKey = [...adminQueryKey, 'reconciliation'] as const;

/** The latest refunds, every status. */
export function useRefunds() {
  return useQuery({
    queryKey: refundsKey,
    queryFn: ({ signal }) =>
      api<AdminRefundsResponse>('/api/admin/refunds', { signal, fallbackMessage: 'Failed to fetch refunds' }),
    staleTime: 0,
  });
}

/** Every way money and seats disagree right now. */
export function useReconciliation() {
  return useQuery({
    queryKey: reconciliationKey,
    queryFn: ({ signal }) =>
      api<ReconciliationResponse>('/api/admin/reconciliation', {
        signal,
        fallbackMessage: 'Failed to run the reconciliation',
      }),
    staleTime: 0,
  });
}

/** Staff's retry of a refund; both lists are read again whatever the answer. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) =>
      api<RetryRefundResponse>(`/api/admin/refunds/${encodeURIComponent(refundId)}/retry`, {
        method: 'POST',
        fallbackMessage: 'Failed to retry the refund',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: refundsKey }),
        queryClient.invalidateQueries({ queryKey: reconciliationKey }),
      ]),
  });
}
