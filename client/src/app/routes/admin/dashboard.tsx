import { DashboardCharts } from '../../../features/admin/components/dashboard-charts.tsx';
import { DashboardOverview } from '../../../features/admin/components/dashboard-overview.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { TodaysAdmissions } from '../../../features/door/todays-admissions.tsx';

export function AdminDashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard Overview" description="How the cinema is doing right now." />
      <DashboardOverview />
      <div className="mt-8">
        <DashboardCharts />
      </div>
      <TodaysAdmissions />
    </>
  );
}
