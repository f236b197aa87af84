import type { AdminBookingsResponse, BookingStatus } from '@marquee/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

export interface AdminBookingsFilter {
  q: string;
  status: '' | BookingStatus;
  /** A show's id, or '' for every show. */
  showId: string;
  /** A show date (YYYY-MM-DD, the cinema's calendar), or '' for any. */
  date: string;
  page: number;
  pageSize: number;
}

type FilterFields = Pick<AdminBookingsFilter, 'q' | 'status' | 'showId' | 'date'>;

function filterQuery({ q, status, showId, date }: FilterFields): URLSearchParams {
  const query = new URLSearchParams();
  if (q.trim()) query.set('q', q.trim());
  if (status) query.set('status', status);
  if (showId) query.set('showId', showId);
  if (date) query.set('date', date);
  return query;
}

/** The CSV download of every booking the filters match (all pages). */
export function bookingsCsvUrl(filter: FilterFields): string {
  const query = filterQuery(filter).toString();
  return `/api/admin/bookings.csv${query ? `?${query}` : ''}`;
}

export function useAdminBookings(filter: AdminBookingsFilter) {
  return useQuery({
    queryKey: [...adminQueryKey, 'bookings', filter],
    queryFn: ({ signal }) => {
      const query = filterQuery(filter);
      query.set('page', String(filter.page));
      query.set('pageSize', String(filter.pageSize));
      return api<AdminBookingsResponse>(`/api/admin/bookings?${query.toString()}`, {
        signal,
        fallbackMessage: 'Failed to fetch bookings',
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
