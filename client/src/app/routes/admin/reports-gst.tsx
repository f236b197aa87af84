import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { GstReportPage } from '../../../features/admin/components/gst-report-page.tsx';

export function AdminGstReportRoute() {
  return (
    <>
      <PageHeader
        title="GST report"
        description="Per rate over a period: the taxable value, CGST and SGST of the invoices, less their credit notes."
      />
      <GstReportPage />
    </>
  );
}
