import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { SettingsPage } from '../../../features/admin/components/settings-page.tsx';

export function AdminSettingsRoute() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="The cinema's details printed on tickets and tax invoices, and the GST rates."
      />
      <SettingsPage />
    </>
  );
}
