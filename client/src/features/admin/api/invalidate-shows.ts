import type { QueryClient } from '@tanstack/react-query';
import { adminQueryKey } from './get-dashboard.ts';

/** After staff change the programme: the admin lists, and the public pages' shows and seats. */
export async function invalidateShows(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [adminQueryKey, ['shows'], ['movies'], ['seats']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
