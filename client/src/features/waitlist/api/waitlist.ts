import type { JoinWaitlistRequest, WaitlistEntriesResponse, WaitlistEntryResponse } from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const waitlistQueryKey = ['waitlist', 'user'] as const;

/** GET /api/user/waitlist: the signed-in buyer's entries, newest first. */
export function useWaitlist(isSignedIn: boolean) {
  return useQuery({
    queryKey: waitlistQueryKey,
    queryFn: ({ signal }) =>
      api<WaitlistEntriesResponse>('/api/user/waitlist', {
        signal,
        fallbackMessage: 'Failed to fetch your waiting lists',
      }),
    enabled: isSignedIn,
    // An offer can arrive at any moment: look again now and then while the page is open.
    refetchInterval: 30_000,
  });
}

/** POST /api/shows/{id}/waitlist. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ showId, ...body }: JoinWaitlistRequest & { showId: string }) =>
      api<WaitlistEntryResponse>(`/api/shows/${encodeURIComponent(showId)}/waitlist`, {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to join the waiting list',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}

/** DELETE /api/waitlist/{entryId}: an unpaid offer's seats go back. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      api<WaitlistEntryResponse>(`/api/waitlist/${encodeURIComponent(entryId)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to leave the waiting list',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      ]),
  });
}
