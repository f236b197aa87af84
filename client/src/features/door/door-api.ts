import type { Booking, DoorShowsResponse } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';

/** Today's shows with seats sold and admitted, asked again every few seconds while open. */
export function useDoorShows() {
  return useQuery({
    queryKey: ['door', 'shows'],
    queryFn: ({ signal }) =>
      api<DoorShowsResponse>('/api/door/shows', {
        signal,
        fallbackMessage: "Could not load today's shows",
      }),
    refetchInterval: 5_000,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400),
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
        };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : 'Check-in failed' };
      }
    },
    onSuccess: (result) => {
      if (result.ok) void client.invalidateQueries({ queryKey: ['door', 'shows'] });
    },
  });
}
