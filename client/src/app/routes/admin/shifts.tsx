import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { ShiftsPage } from '../../../features/admin/components/shifts-page.tsx';

export function AdminShiftsRoute() {
  return (
    <>
      <PageHeader
        title="Shifts"
        description="Every cashier's shifts at the box office: the float, what was taken by each method, refunds and the cash counted."
      />
      <ShiftsPage />
    </>
  );
}
