import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useMovie } from '../api/get-movie.ts';
import { useMovieShows } from '../api/get-movie-shows.ts';
import { BookingView } from './booking-view.tsx';

// React Router numbers its history entries; 0 means this tab arrived straight here.
function hasHistoryToGoBackTo(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

function BookingError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{`${message} — Marquee`}</title>
      <p role="alert" className="text-xl font-semibold text-red-700 dark:text-red-400">
        {message}
      </p>
      <button
        type="button"
        onClick={() => void (hasHistoryToGoBackTo() ? navigate(-1) : navigate('/'))}
        className={buttonClassName('secondary', 'mt-6')}
      >
        <ArrowLeft aria-hidden className="size-4" />
        Go Back
      </button>
    </div>
  );
}

/**
 * The booking page for a movie named by id (/booking/:id) or slug (/book/:slug). The movie and
 * its shows are asked for at once (the API takes either name), so neither waits on the other.
 */
export function MovieBookingPage({ idOrSlug }: { idOrSlug: string }) {
  const movieQuery = useMovie(idOrSlug);
  const showsQuery = useMovieShows(idOrSlug);

  // Arriving from a long list, the visitor should start at the movie, not mid-page (spec §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [idOrSlug]);

  if (movieQuery.isPending) {
    return (
      <p role="status" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        Loading movie details...
      </p>
    );
  }
  if (movieQuery.isError) {
    const { error } = movieQuery;
    return <BookingError message={error instanceof ApiError ? error.message : 'Failed to fetch movie'} />;
  }
  const { movie } = movieQuery.data;
  // Keyed by movie, so moving to another movie starts a fresh choice of date, time and seats.
  return <BookingView key={movie._id} movie={movie} showsQuery={showsQuery} />;
}
