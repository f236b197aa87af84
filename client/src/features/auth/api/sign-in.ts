import type { SignInRequest, SignedInResponse } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRefreshSession } from './refresh-session.ts';

/** Email and password sign-in; resolves once the app knows who is signed in. */
export function useSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (input: SignInRequest) => {
      await api<SignedInResponse>('/api/auth/sign-in/email', {
        method: 'POST',
        body: input,
        fallbackMessage: 'Sign-in failed. Please try again.',
      });
      await refreshSession();
    },
  });
}
