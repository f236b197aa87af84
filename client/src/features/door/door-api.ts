import type {
  BookingItem,
  CheckInResponse,
  DoorBookingsResponse,
  DoorRefusalShow,
  DoorShowsResponse,
} from '@marquee/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';

/**
 * How often the door asks again. Polling, not a stream: the answer is one small grouped query, a
 * door has a handful of phones, and a poll survives restarts, proxies and several server
 * processes with nothing more to run. React Query pauses it while the screen is hidden.
 */
export const DOOR_REFRESH_MS = 4_000;

/** Today's shows with seats sold and admitted, asked again every few seconds while open. */
export const doorShowsQueryOptions = () =>
  queryOptions({
    queryKey: ['door', 'shows'],
    queryFn: ({ signal }) =>
      api<DoorShowsResponse>('/api/door/shows', {
        signal,
        fallbackMessage: "Could not load today's shows",
      }),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400),
  });

export function useDoorShows() {
  return useQuery({ ...doorShowsQueryOptions(), refetchInterval: DOOR_REFRESH_MS });
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
      /** The buyer's mobile number (+91…), or null when none is known. */
      phone: string | null;
      seats: string[];
      /** How many of the party are in now, this scan's included. */
      admitted: number;
      /** How many this scan let in. */
      admittedNow: number;
      movie: string;
      showTime: string;
      screen: string;
      reference: string;
      bookingId: string;
      items: BookingItem[];
      itemsCollectedAt: string | null;
    }
  | { ok: false; message: string; show: DoorRefusalShow | null };

/** What the door sends: the scanned code or the typed reference, and how many are coming in now. */
export type CheckInInput = ({ code: string } | { reference: string }) & { count?: number };

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CheckInInput): Promise<ScanResult> => {
      try {
        const answer = await api<CheckInResponse>('/api/checkin', {
          method: 'POST',
          body: input,
          fallbackMessage: 'Check-in failed. Please try again.',
        });
        const { booking } = answer;
        return {
          ok: true,
          message: answer.message,
          name: booking.user.name,
          phone: booking.user.phone ?? null,
          seats: booking.bookedSeats,
          admitted: booking.admitted,
          admittedNow: answer.admittedNow,
          movie: booking.show?.movie.title ?? '',
          showTime: booking.show?.showTime ?? '',
          screen: booking.show?.screen.name ?? '',
          reference: booking.reference,
          bookingId: booking._id,
          items: booking.items,
          itemsCollectedAt: booking.itemsCollectedAt,
        };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? error.message : 'Check-in failed',
          show: error instanceof ApiError ? refusedShow(error.details) : null,
        };
      }
    },
    onSuccess: (result) => {
      if (result.ok) void client.invalidateQueries({ queryKey: ['door'] });
    },
  });
}

/**
 * The show named beside a refusal's message, when the server named one. Read by hand, not with the
 * shared Zod schema: Zod would add its weight to the door's first load for four strings.
 */
function refusedShow(payload: unknown): DoorRefusalShow | null {
  const show = (payload as { show?: Partial<Record<keyof DoorRefusalShow, unknown>> } | undefined)?.show;
  if (!show) return null;
  const { movie, showDate, showTime, screen } = show;
  return typeof movie === 'string' &&
    typeof showDate === 'string' &&
    typeof showTime === 'string' &&
    typeof screen === 'string'
    ? { movie, showDate, showTime, screen }
    : null;
}
