import { useParams } from 'react-router';
import { MovieBookingPage } from '../../features/seat-selection/components/movie-booking-page.tsx';

/** /booking/:id — the booking page of a movie by its id. */
export function BookingRoute() {
  const { id = '' } = useParams();
  return <MovieBookingPage idOrSlug={id} />;
}
