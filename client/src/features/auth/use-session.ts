import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOfflineTicketsOnlyFor } from '../../lib/offline-ticket.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  image?: string | null;
  /** The account's mobile number, +91 and 10 digits, or null (CONTRACT §2). */
  phone?: string | null;
}

interface SessionAnswer {
  session: { id: string; expiresAt: string } | null;
  user: SessionUser | null;
}

export const sessionQueryKey = ['auth', 'session'] as const;

/** The signed-in user from the session cookie, or null. A failed check counts as signed out. */
async function getSession(): Promise<SessionUser | null> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const answer = (await response.json().catch(() => null)) as SessionAnswer | null;
  const user = answer?.user ?? null;
  // Before anyone sees the answer: a ticket kept offline by another account goes now.
  if (answer) await keepOfflineTicketsOnlyFor(user?.id ?? null);
  return user;
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: false });

/** `user` is null when signed out; while the first check runs, `isPending` is true (spec: counts as signed out). */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}

/** Where the sign-in screen sends the visitor back to afterwards. */
export function signInPath(returnTo: string): string {
  return `/sign-in?redirect=${encodeURIComponent(returnTo)}`;
}
