import type { CinemaConfig } from '@marquee/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The same key and answer as the booking page's configuration query, so one request serves both.
const configQueryKey = ['config'] as const;

/** Hosted sign-in providers offered beside email and password; none while loading or on failure. */
export function useSignInProviders() {
  const query = useQuery({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => api<CinemaConfig>('/api/config', { signal }),
    staleTime: Infinity,
    select: (config) => config.signInProviders,
  });
  return query.data ?? [];
}

interface ProviderSignInAnswer {
  url: string;
}

export interface ProviderSignInInput {
  providerId: string;
  /** Where the provider sends the visitor back to once signed in. */
  callbackURL: string;
  /** Where to go if the provider's sign-in fails; the server adds an `error` parameter. */
  errorCallbackURL: string;
}

/**
 * Starts the hosted sign-in: the whole window goes to the provider. better-auth registers the
 * OIDC provider as a social one, so the start is /sign-in/social (there is no /sign-in/oauth2).
 */
export function useProviderSignIn() {
  return useMutation({
    mutationFn: async ({ providerId, ...urls }: ProviderSignInInput) => {
      const answer = await api<ProviderSignInAnswer>('/api/auth/sign-in/social', {
        method: 'POST',
        body: { provider: providerId, ...urls },
        fallbackMessage: 'Could not reach the sign-in provider. Please try again.',
      });
      window.location.assign(answer.url);
    },
  });
}
