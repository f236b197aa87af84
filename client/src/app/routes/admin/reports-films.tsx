import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { FilmsReportPage } from '../../../features/admin/components/films-report-page.tsx';

export function AdminFilmsReportRoute() {
  return (
    <>
      <PageHeader
        title="Films report"
        description="Per film over a period: shows, admissions, takings and what is owed to its distributor."
      />
      <FilmsReportPage />
    </>
  );
}
