import type { CancellationTier, CinemaConfig } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * The cinema's configuration (GET /api/config): its name and details, its time zone and its
 * rules. The one client read of it; every page that shows a date, a time or a rule asks here.
 */

// The contract's default zone and CLEANING_MINUTES' default, used only until the real answer arrives.
export const fallbackTimeZone = 'Asia/Kolkata';
const fallbackCleaningMinutes = 15;

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

/** The cinema's time zone (CINEMA_TIMEZONE): every date and time the app shows is on its calendar. */
export function useCinemaTimeZone(): string {
  return useCinemaConfig().data?.timeZone ?? fallbackTimeZone;
}

/** Minutes a screen needs between one show's end and the next start (CLEANING_MINUTES). */
export function useCleaningMinutes(): number {
  return useCinemaConfig().data?.cleaningMinutes ?? fallbackCleaningMinutes;
}

/**
 * The cancellation policy's tiers (settings.cancellation, CONTRACT §13), for saying it in words;
 * undefined until the configuration has arrived (nothing is said rather than a guess).
 */
export function useCancellationTiers(): CancellationTier[] | undefined {
  return useCinemaConfig().data?.cancellationTiers;
}
