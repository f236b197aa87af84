import type { MoviesResponse } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api.ts';

export const favouritesQueryKey = ['favourites'] as const;

export const favouritesQueryOptions = () =>
  queryOptions({
    queryKey: favouritesQueryKey,
    queryFn: ({ signal }) =>
      api<MoviesResponse>('/api/user/favourites', {
        signal,
        fallbackMessage: 'Failed to fetch favorite movies',
      }),
  });

/**
 * The signed-in user's favourite movies. Pass whether someone is signed in: the list is only
 * asked for then (a signed-out visitor's request would just be refused).
 */
export function useFavourites(isSignedIn: boolean) {
  const query = useQuery({ ...favouritesQueryOptions(), enabled: isSignedIn });
  const movies = query.data?.movies;
  // Spec §4: a movie is a favourite if its _id is in the list.
  const isFavourite = useCallback(
    (movieId: string) => movies?.some((movie) => movie._id === movieId) ?? false,
    [movies],
  );
  return { ...query, movies: movies ?? [], isFavourite };
}
