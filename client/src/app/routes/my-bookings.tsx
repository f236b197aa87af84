import { MyBookingsPage } from '../../features/my-bookings/components/my-bookings-page.tsx';

/** /mybookings (behind the sign-in guard) and /mybooking (asks a signed-out visitor to sign in). */
export function MyBookingsRoute() {
  return <MyBookingsPage />;
}
