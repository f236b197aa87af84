import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { forgetOfflineTickets } from '../../../lib/offline-ticket.ts';

/** Signs out and goes home; nothing of the previous user's data stays in memory. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      api('/api/auth/sign-out', {
        method: 'POST',
        body: {},
        fallbackMessage: 'Sign-out failed. Please try again.',
      }),
    onSuccess: async () => {
      await forgetOfflineTickets();
      // Leave first: resetting the session on a guarded page would bounce it to /sign-in.
      await navigate('/', { replace: true });
      await queryClient.resetQueries();
    },
  });
}
