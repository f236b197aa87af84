import type { SocialSignInRequest, SocialSignInResponse } from '@marquee/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { cinemaConfigQueryOptions } from '../../../lib/cinema-config.ts';

/** Hosted sign-in providers offered beside email and password; none while loading or on failure. */
export function useSignInProviders() {
  const query = useQuery({ ...cinemaConfigQueryOptions(), select: (config) => config.signInProviders });
  return query.data ?? [];
}

/** The request of POST /api/auth/sign-in/social, naming the provider as the config lists it. */
export type ProviderSignInInput = Omit<SocialSignInRequest, 'provider'> & { providerId: string };

/**
 * Starts the hosted sign-in: the whole window goes to the provider. better-auth registers the
 * OIDC provider as a social one, so the start is /sign-in/social (there is no /sign-in/oauth2).
 */
export function useProviderSignIn() {
  return useMutation({
    mutationFn: async ({ providerId, ...urls }: ProviderSignInInput) => {
      const answer = await api<SocialSignInResponse>('/api/auth/sign-in/social', {
        method: 'POST',
        body: { provider: providerId, ...urls } satisfies SocialSignInRequest,
        fallbackMessage: 'Could not reach the sign-in provider. Please try again.',
      });
      window.location.assign(answer.url);
    },
  });
}
