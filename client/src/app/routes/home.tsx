import { useMoviesWithShows } from '../../features/catalogue/api/get-movies-with-shows.ts';
import { MovieCard } from '../../features/catalogue/components/movie-card.tsx';

export function HomeRoute() {
  const { data, isPending, isError } = useMoviesWithShows();

  return (
    <section aria-labelledby="now-showing">
      <h1 id="now-showing" className="mb-6 text-3xl font-bold tracking-tight">
        Now Showing
      </h1>
      {isPending ? (
        <p role="status" className="text-zinc-600 dark:text-zinc-400">
          Loading shows...
        </p>
      ) : isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Failed to load movies. Please try again.
        </p>
      ) : data.movies.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No movies are showing right now.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
          {data.movies.map((movie) => (
            <li key={movie._id}>
              <MovieCard movie={movie} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
