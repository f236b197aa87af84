import type { CinemaConfig } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The contract's default zone, used only until the real answer arrives (it rarely differs).
export const fallbackTimeZone = 'Asia/Kolkata';

export function getCinemaConfig(signal?: AbortSignal): Promise<CinemaConfig> {
  return api<CinemaConfig>('/api/config', { signal });
}

// The configuration changes only when the server restarts, so one answer lasts the visit.
export const cinemaConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getCinemaConfig(signal),
    staleTime: Infinity,
  });

export function useCinemaConfig() {
  return useQuery(cinemaConfigQueryOptions());
}
