import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { DailyReportPage } from '../../../features/admin/components/daily-report-page.tsx';

export function AdminDailyReportRoute() {
  return (
    <>
      <PageHeader
        title="Daily report"
        description="What each show of a day took, per class and channel, with GST and net: paid bookings only."
      />
      <DailyReportPage />
    </>
  );
}
