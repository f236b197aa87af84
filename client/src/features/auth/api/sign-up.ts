import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRefreshSession } from './refresh-session.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Creates the account; the server signs the new user in straight away. */
export function useSignUp() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await api('/api/auth/sign-up/email', {
        method: 'POST',
        body: input,
        fallbackMessage: 'Sign-up failed. Please try again.',
      });
      await refreshSession();
    },
  });
}
