import type { MoviesResponse, ToggleFavouriteRequest, ToggleFavouriteResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { api } from '../../../lib/api.ts';
import { favouritesQueryKey } from './get-favourites.ts';

interface ToggleFavouriteOptions {
  /** The spec's words differ by page: 'Favorite updated!' by default, 'Removed from favourites' on /favourites. */
  successMessage?: string;
}

/** Adds or removes a movie (the server toggles), then refetches the list (spec §4). */
export function useToggleFavourite({ successMessage = 'Favorite updated!' }: ToggleFavouriteOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movieId: string) =>
      api<ToggleFavouriteResponse>('/api/user/update-favourites', {
        method: 'POST',
        body: { movieId } satisfies ToggleFavouriteRequest,
      }),
    onSuccess: async (answer) => {
      toast.success(successMessage);
      // The answer already holds the new list: show it now, so a quick second click acts on it.
      queryClient.setQueryData<MoviesResponse>(favouritesQueryKey, answer);
      await queryClient.invalidateQueries({ queryKey: favouritesQueryKey });
    },
    onError: () => toast.error('Error toggling favorite'),
  });
}
