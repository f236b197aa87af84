import type { Booking, BookingItem, DoorBookingsResponse, DoorShowsResponse } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';

/**
 * How often the door asks again. Polling, not a stream: the answer is one small grouped query, a
 * door has a handful of phones, and a poll survives restarts, proxies and several server
 * processes with nothing more to run. React Query pauses it while the screen is hidden.
 */
export const DOOR_REFRESH_MS = 4_000;

/** Today's shows with seats sold and admitted, asked again every few seconds while open. */
export function useDoorShows() {
  return useQuery({
    queryKey: ['door', 'shows'],
    queryFn: ({ signal }) =>
      api<DoorShowsResponse>('/api/door/shows', {
        signal,
        fallbackMessage: "Could not load today's shows",
      }),
    refetchInterval: DOOR_REFRESH_MS,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400),
  });
}

/** One show's paid and waiting bookings, asked again like the counts while the list is open. */
export function useDoorBookings(showId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['door', 'bookings', showId],
    queryFn: ({ signal }) =>
      api<DoorBookingsResponse>(`/api/door/shows/${encodeURIComponent(showId)}/bookings`, {
        signal,
        fallbackMessage: 'Could not load the bookings',
      }),
    enabled,
    refetchInterval: DOOR_REFRESH_MS,
  });
}

/** One scan's outcome as the door screen shows it. */
export type ScanResult =
  | {
      ok: true;
      message: string;
      name: string;
      seats: string[];
      movie: string;
      showTime: string;
      reference: string;
      bookingId: string;
      items: BookingItem[];
      itemsCollectedAt: string | null;
    }
  | { ok: false; message: string };

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { code: string } | { reference: string }): Promise<ScanResult> => {
      try {
        const answer = await api<{ success: true; message: string; booking: Booking }>('/api/checkin', {
          method: 'POST',
          body: input,
          fallbackMessage: 'Check-in failed. Please try again.',
        });
        const { booking } = answer;
        return {
          ok: true,
          message: answer.message,
          name: booking.user.name,
          seats: booking.bookedSeats,
          movie: booking.show.movie.title,
          showTime: booking.show.showTime,
          reference: booking.reference,
          bookingId: booking._id,
          items: booking.items,
          itemsCollectedAt: booking.itemsCollectedAt,
        };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : 'Check-in failed' };
      }
    },
    onSuccess: (result) => {
      if (result.ok) void client.invalidateQueries({ queryKey: ['door'] });
    },
  });
}
