import type { AuditResponse } from '@marquee/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

export interface AuditFilter {
  /** An action or a prefix of one ('payment.' finds every payment event). */
  action: string;
  page: number;
  pageSize: number;
}

export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: [...adminQueryKey, 'audit', filter],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
      if (filter.action) query.set('action', filter.action);
      return api<AuditResponse>(`/api/admin/audit?${query.toString()}`, {
        signal,
        fallbackMessage: 'Failed to fetch the audit log',
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
