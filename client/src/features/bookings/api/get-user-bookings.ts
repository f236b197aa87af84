import type { BookingsResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const userBookingsQueryKey = ['bookings', 'user'] as const;

/** The signed-in user's bookings, newest first (GET /api/bookings/user, the store's reading). */
export const userBookingsQueryOptions = () =>
  queryOptions({
    queryKey: userBookingsQueryKey,
    queryFn: ({ signal }) =>
      api<BookingsResponse>('/api/bookings/user', { signal, fallbackMessage: 'Failed to fetch bookings' }),
  });

/** Pass whether someone is signed in: a signed-out visitor's request would only be refused. */
export function useUserBookings(isSignedIn: boolean) {
  return useQuery({ ...userBookingsQueryOptions(), enabled: isSignedIn });
}
