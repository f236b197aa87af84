import type { IsAdminResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Asks the server whether this user may enter the admin area; keyed by user so a switch re-asks. */
export function useIsAdmin(userId: string | undefined) {
  return useQuery({
    queryKey: ['auth', 'is-admin', userId],
    queryFn: ({ signal }) => api<IsAdminResponse>('/api/admin/is-admin', { signal }),
    enabled: Boolean(userId),
    select: (answer) => answer.isAdmin,
  });
}
