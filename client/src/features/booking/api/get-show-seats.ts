import type { SeatsResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { toast } from 'react-toastify/unstyled';
import { api, ApiError } from '../../../lib/api.ts';

export function getShowSeats(showId: string, signal?: AbortSignal): Promise<SeatsResponse> {
  return api<SeatsResponse>(`/api/bookings/seats/${encodeURIComponent(showId)}`, {
    signal,
    fallbackMessage: 'Failed to fetch occupied seats',
  });
}

// Until seat changes are pushed to the page, a short poll keeps a long-open map honest.
const seatRefreshMs = 20_000;

export const showSeatsQueryOptions = (showId: string) =>
  queryOptions({
    queryKey: ['seats', showId],
    queryFn: ({ signal }) => getShowSeats(showId, signal),
    staleTime: 5_000,
    refetchInterval: seatRefreshMs,
  });

const noSeats: ReadonlySet<string> = new Set();

/**
 * The occupied seats of the chosen show. A failed first load is told in a toast and the map then
 * shows every seat free (the spec's reading; the server still refuses a taken seat). A failed
 * refresh keeps the last answer quietly rather than wiping booked seats off the map.
 */
export function useShowSeats(showId: string | null) {
  const query = useQuery({ ...showSeatsQueryOptions(showId ?? ''), enabled: showId !== null });
  const { data, error, isLoadingError } = query;

  useEffect(() => {
    if (!isLoadingError) return;
    // An answer that says no (success false) differs from no answer at all (network failure).
    const message =
      error instanceof ApiError ? 'Failed to fetch seat information' : 'Error loading seat information';
    toast.error(message, { toastId: `seat-information-${showId}` });
  }, [isLoadingError, error, showId]);

  const occupied = useMemo(() => (data ? new Set(Object.keys(data.occupiedSeats)) : noSeats), [data]);
  return { seats: data, occupied, isPending: showId !== null && query.isPending };
}
