import { AuditList } from '../../../features/admin/components/audit-list.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';

export function AdminAuditRoute() {
  return (
    <>
      <PageHeader title="Audit Log" description="Who changed what, and every payment event, newest first." />
      <AuditList />
    </>
  );
}
