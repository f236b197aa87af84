import type { DashboardResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const adminQueryKey = ['admin'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: [...adminQueryKey, 'dashboard'],
    queryFn: ({ signal }) =>
      api<DashboardResponse>('/api/admin/dashboard', {
        signal,
        fallbackMessage: 'Failed to fetch dashboard data',
      }),
    // Staff glance at it between tasks: show what is true now, not what was true a minute ago.
    staleTime: 0,
    select: (answer) => answer.dashboardData,
  });
}
