import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { MenuPage } from '../../../features/admin/components/menu-page.tsx';

export function AdminMenuRoute() {
  return (
    <>
      <PageHeader
        title="Food & Drinks"
        description="What buyers can add to their booking and collect at the door."
      />
      <MenuPage />
    </>
  );
}
