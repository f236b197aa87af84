import { HeartOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.ts';
import { useFavourites } from '../../features/favourites/api/get-favourites.ts';
import { useToggleFavourite } from '../../features/favourites/api/toggle-favourite.ts';
import { FavouriteMovieCard } from '../../features/favourites/components/favourite-movie-card.tsx';

// Behind RequireUser, so someone is signed in.
export function FavouritesRoute() {
  const { movies, isPending, isError } = useFavourites(true);
  const removeFavourite = useToggleFavourite({ successMessage: 'Removed from favourites' });

  return (
    <section aria-labelledby="favourites-heading">
      <title>My Favourites — Marquee</title>
      <h1 id="favourites-heading" className="mb-6 text-3xl font-bold tracking-tight">
        My Favourites
      </h1>
      {isPending ? (
        <p role="status" className="text-zinc-600 dark:text-zinc-400">
          Loading Favourite Movies...
        </p>
      ) : isError ? (
        // Not the empty state: that would tell the user their favourites are gone.
        <p role="alert" className="text-red-700 dark:text-red-400">
          Failed to fetch favorite movies
        </p>
      ) : movies.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-4 py-16 text-center dark:border-zinc-700">
          <HeartOff aria-hidden className="size-10 text-zinc-500 dark:text-zinc-400" />
          <h2 className="text-xl font-semibold">No favorites found</h2>
          <p className="text-zinc-600 dark:text-zinc-400">You haven't made any favorites yet</p>
          <Link to="/" className={buttonClassName('primary', 'mt-3')}>
            Browse movies
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
          {movies.map((movie) => (
            <li key={movie._id}>
              <FavouriteMovieCard
                movie={movie}
                isRemoving={removeFavourite.isPending && removeFavourite.variables === movie._id}
                onRemove={() => removeFavourite.mutate(movie._id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
