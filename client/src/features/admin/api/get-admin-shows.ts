import type { AdminShowsResponse } from '@marquee/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

export type AdminShowStatusFilter = '' | 'active' | 'sold-out' | 'cancelled' | 'past' | 'upcoming';

export interface AdminShowsFilter {
  movieId: string;
  date: string;
  status: AdminShowStatusFilter;
  page: number;
  pageSize: number;
}

export function useAdminShows(filter: AdminShowsFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: [...adminQueryKey, 'shows', filter],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
      if (filter.movieId) query.set('movieId', filter.movieId);
      if (filter.date) query.set('date', filter.date);
      if (filter.status) query.set('status', filter.status);
      return api<AdminShowsResponse>(`/api/admin/shows?${query.toString()}`, {
        signal,
        fallbackMessage: 'Failed to fetch shows',
      });
    },
    // Paging keeps the old page on screen until the next arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
