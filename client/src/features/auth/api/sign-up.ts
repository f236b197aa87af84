import type { SignUpRequest, SignedInResponse } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRefreshSession } from './refresh-session.ts';

/** Creates the account; the server signs the new user in straight away. */
export function useSignUp() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (input: SignUpRequest) => {
      await api<SignedInResponse>('/api/auth/sign-up/email', {
        method: 'POST',
        body: input,
        fallbackMessage: 'Sign-up failed. Please try again.',
      });
      await refreshSession();
    },
  });
}
