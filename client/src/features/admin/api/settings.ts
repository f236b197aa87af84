import type { SettingsResponse, SettingsUpdate } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const key = ['admin', 'settings'] as const;

/** The cinema's settings (CONTRACT §10). */
export function useSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api<SettingsResponse>('/api/admin/settings', {
        signal,
        fallbackMessage: 'Could not load the settings',
      }),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsUpdate) =>
      api<SettingsResponse>('/api/admin/settings', {
        method: 'PUT',
        body: change,
        fallbackMessage: 'Could not save the settings',
      }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
