import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryOptions } from '../use-session.ts';

/**
 * Re-reads the session after the server has set its cookie. If the browser refused the cookie,
 * the visitor would otherwise land on a guarded page and be sent back here without a word.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    if (!user) {
      throw new Error(
        'Your browser did not keep the sign-in. Please allow cookies for this site and try again.',
      );
    }
  }, [queryClient]);
}
