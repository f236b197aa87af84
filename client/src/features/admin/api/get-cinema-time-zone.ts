import type { CinemaConfig } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The contract's default, used only until the real answer arrives.
const fallbackTimeZone = 'Asia/Kolkata';

// CLEANING_MINUTES' default, likewise.
const fallbackCleaningMinutes = 15;

const useConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<CinemaConfig>('/api/config', { signal }),
    staleTime: Infinity,
  });

/** The cinema's time zone: show dates and times are on its calendar. Same key as the other config reads. */
export function useCinemaTimeZone(): string {
  return useConfig().data?.timeZone ?? fallbackTimeZone;
}

/** Minutes a screen needs between one show's end and the next start (CLEANING_MINUTES). */
export function useCleaningMinutes(): number {
  return useConfig().data?.cleaningMinutes ?? fallbackCleaningMinutes;
}
