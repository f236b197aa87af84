import type { SeatsResponse } from '@marquee/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { api, ApiError } from '../../../lib/api.ts';
import type { ScreenSeatsFields } from '../../../lib/screen-layout.ts';

/** A show's seats with its screen's layout and class prices (CONTRACT §7). */
export type ShowSeats = SeatsResponse & ScreenSeatsFields;

export function getShowSeats(showId: string, signal?: AbortSignal): Promise<ShowSeats> {
  return api<ShowSeats>(`/api/bookings/seats/${encodeURIComponent(showId)}`, {
    signal,
    fallbackMessage: 'Failed to fetch occupied seats',
  });
}

/** The server-sent events stream of a show's seat map: each `seats` event is a SeatsResponse. */
export function showSeatsEventsUrl(showId: string): string {
  return `/api/bookings/seats/${encodeURIComponent(showId)}/events`;
}

export const showSeatsQueryKey = (showId: string) => ['seats', showId] as const;

// Only while the live stream is down (or the browser has none) does the map fall back to asking.
const fallbackPollMs = 15_000;

export const showSeatsQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: showSeatsQueryKey(showId),
    queryFn: ({ signal }) => getShowSeats(showId, signal),
    staleTime: 5_000,
  });

/**
 * Keeps the show's seats in the query cache live: every message of the event stream replaces the
 * cached answer, so every seat someone else holds turns booked within moments. True while the
 * stream is open; false while it is down or unsupported (the caller then polls slowly).
 */
function useSeatStream(showId: string | null): boolean {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);

  useEffect(() => {
    if (showId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(showSeatsEventsUrl(showId));
    const onSeats = (event: MessageEvent<string>) => {
      try {
        const answer = JSON.parse(event.data) as ShowSeats;
        if (answer.success) queryClient.setQueryData(showSeatsQueryKey(showId), answer);
      } catch {
        // A garbled message changes nothing; the next one (or the poll) brings the truth.
      }
    };
    // The browser reconnects by itself (the server asks for 2 s); the poll covers the gap.
    const onOpen = () => setIsLive(true);
    const onError = () => setIsLive(false);
    source.addEventListener('seats', onSeats);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    return () => {
      source.close();
      setIsLive(false);
    };
  }, [showId, queryClient]);

  return isLive;
}

const noSeats: ReadonlySet<string> = new Set();

/**
 * The occupied seats of the chosen show, kept live by the server's event stream. A failed first
 * load is told in a toast and the map then shows every seat free (the spec's reading; the server
 * still refuses a taken seat). A failed refresh keeps the last answer quietly rather than wiping
 * booked seats off the map.
 */
export function useShowSeats(showId: string | null) {
  const isLive = useSeatStream(showId);
  const query = useQuery({
    ...showSeatsQueryOptions(showId ?? ''),
    enabled: showId !== null,
    refetchInterval: isLive ? false : fallbackPollMs,
  });
  const { data, error, isLoadingError } = query;

  useEffect(() => {
    if (!isLoadingError) return;
    // An answer that says no (success false) differs from no answer at all (network failure).
    const message =
      error instanceof ApiError ? 'Failed to fetch seat information' : 'Error loading seat information';
    toast.error(message, { toastId: `seat-information-${showId}` });
  }, [isLoadingError, error, showId]);

  const occupied = useMemo(() => (data ? new Set(Object.keys(data.occupiedSeats)) : noSeats), [data]);
  return {
    seats: data,
    occupied,
    isPending: showId !== null && query.isPending,
    isLive,
    // Without a show there is nothing to read (a refetch would ask for it even while disabled).
    refresh: () => (showId !== null ? void query.refetch() : undefined),
  };
}
