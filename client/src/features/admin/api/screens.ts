import type { LayoutInput, Screen, ScreenResponse, ScreensResponse } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

/** A screen as the admin API answers it (CONTRACT §7, SCREENS-API.md). */
export type AdminScreen = Screen;

export const screensQueryKey = [...adminQueryKey, 'screens'] as const;

/** GET /api/admin/screens: every screen with its seats, classes and upcoming shows. */
export function useScreens() {
  return useQuery({
    queryKey: screensQueryKey,
    queryFn: ({ signal }) =>
      api<ScreensResponse>('/api/admin/screens', { signal, fallbackMessage: 'Failed to fetch screens' }),
  });
}

export interface SaveScreenInput {
  /** Absent for a new screen. */
  id?: string;
  name: string;
  layout: LayoutInput;
}

/** POST (new) or PUT (edit) a screen; the answer carries the canonical layout. */
export function useSaveScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, layout }: SaveScreenInput) =>
      api<ScreenResponse>(id ? `/api/admin/screens/${encodeURIComponent(id)}` : '/api/admin/screens', {
        method: id ? 'PUT' : 'POST',
        body: { name, layout },
        fallbackMessage: 'Failed to save the screen',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screensQueryKey }),
  });
}

/** PUT /api/admin/screens/{id} {active}: retire a screen (no new shows on it) or restore it. */
export function useSetScreenActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api<ScreenResponse>(`/api/admin/screens/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { active },
        fallbackMessage: active ? 'Failed to restore the screen' : 'Failed to retire the screen',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screensQueryKey }),
  });
}
