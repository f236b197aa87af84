import { useParams } from 'react-router';
import { MovieBookingPage } from '../../features/seat-selection/components/movie-booking-page.tsx';

/**
 * /book/:slug — the featured movies' booking links. The same page as /booking/:id, kept at the
 * readable address (sign-in returns here too) since the API finds a movie by slug as well.
 */
export function BookBySlugRoute() {
  const { slug = '' } = useParams();
  return <MovieBookingPage idOrSlug={slug} />;
}
