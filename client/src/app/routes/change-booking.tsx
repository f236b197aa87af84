import { useParams } from 'react-router';
import { ChangeBookingPage } from '../../features/seat-selection/components/change-booking-page.tsx';

/** /mybookings/:id/change — another show or other seats for a paid booking (CONTRACT §13). */
export function ChangeBookingRoute() {
  const { id = '' } = useParams();
  return <ChangeBookingPage bookingId={id} />;
}
