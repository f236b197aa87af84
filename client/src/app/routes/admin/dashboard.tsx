import { DashboardOverview } from '../../../features/admin/components/dashboard-overview.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';

export function AdminDashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard Overview" description="How the cinema is doing right now." />
      <DashboardOverview />
    </>
  );
}
