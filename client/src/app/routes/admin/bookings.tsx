import { BookingList } from '../../../features/admin/components/booking-list.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';

export function AdminBookingsRoute() {
  return (
    <>
      <PageHeader
        title="Bookings"
        description="Every booking made, newest first, with what happened to it."
      />
      <BookingList />
    </>
  );
}
