import { Link } from 'react-router';
import { useMoviesWithShows } from '../../features/catalogue/api/get-movies-with-shows.ts';
import { HeroCarousel, HeroSkeleton } from '../../features/catalogue/components/hero-carousel.tsx';
import { MovieGrid } from '../../features/catalogue/components/movie-grid.tsx';
import { WhyChoose } from '../../features/catalogue/components/why-choose.tsx';
import { heroMoviesFrom } from '../../features/catalogue/hero-movies.ts';

export function HomeRoute() {
  const { data, isPending, isError, refetch } = useMoviesWithShows();

  return (
    <>
      <title>Marquee — Movie Tickets</title>
      <h1 className="sr-only">Marquee: what's on and tickets</h1>
      {/* If the list fails to load the hero still shows its samples; the grid below says what went wrong. */}
      {isPending ? <HeroSkeleton /> : <HeroCarousel movies={heroMoviesFrom(data?.movies)} />}

      <section aria-labelledby="now-showing" className="mt-12 sm:mt-16">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="now-showing" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Now Showing
          </h2>
          <Link
            to="/movies"
            className="rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300"
          >
            Browse all movies
          </Link>
        </div>
        <MovieGrid
          movies={data?.movies}
          isPending={isPending}
          isError={isError}
          onRetry={() => void refetch()}
          empty={
            <p className="py-12 text-center text-zinc-600 dark:text-zinc-400">
              No movies are showing right now.
            </p>
          }
        />
      </section>

      <WhyChoose />
    </>
  );
}
