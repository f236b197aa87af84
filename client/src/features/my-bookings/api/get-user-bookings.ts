import { hasShow, type BookingsResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const userBookingsQueryKey = ['bookings', 'user'] as const;

/**
 * Every booking of the signed-in user, newest first: live ones and, with ?status=all, the
 * cancelled, expired and refunded ones My Bookings keeps under "Past and cancelled".
 */
export const userBookingsQueryOptions = () =>
  queryOptions({
    queryKey: userBookingsQueryKey,
    queryFn: ({ signal }) =>
      api<BookingsResponse>('/api/bookings/user?status=all', {
        signal,
        fallbackMessage: 'Failed to fetch bookings',
        // A buyer's own bookings are all for shows (food sold alone at the counter is the counter's).
      }).then((answer) => ({ ...answer, bookings: answer.bookings.filter(hasShow) })),
  });

/** Pass whether someone is signed in: a signed-out visitor's request would only be refused. */
export function useUserBookings(isSignedIn: boolean) {
  return useQuery({ ...userBookingsQueryOptions(), enabled: isSignedIn });
}
