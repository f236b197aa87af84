import type { CinemaConfig } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The contract's default, used only until the real answer arrives.
const fallbackTimeZone = 'Asia/Kolkata';

/** The cinema's time zone: show dates and times are on its calendar. Same key as the other config reads. */
export function useCinemaTimeZone(): string {
  const query = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<CinemaConfig>('/api/config', { signal }),
    staleTime: Infinity,
  });
  return query.data?.timeZone ?? fallbackTimeZone;
}
