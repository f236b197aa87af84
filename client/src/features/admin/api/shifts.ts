import type { ShiftsResponse } from '@marquee/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

/** GET /api/boxoffice/shifts: every cashier's shifts opened on the days from–to (CONTRACT §11). */
export function useShifts(from: string, to: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'shifts', from, to],
    queryFn: ({ signal }) =>
      api<ShiftsResponse>(
        `/api/boxoffice/shifts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { signal, fallbackMessage: 'Failed to fetch the shifts' },
      ),
    enabled: from !== '' && to !== '',
    placeholderData: keepPreviousData,
    // A shift still open changes with every sale: read it afresh on each visit.
    staleTime: 0,
  });
}

/** Where the shifts' CSV downloads from (same origin, the session cookie goes along). */
export const shiftsCsvUrl = (from: string, to: string) =>
  `/api/boxoffice/shifts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`;
