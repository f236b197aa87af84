import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { UsersPage } from '../../../features/admin/components/users-page.tsx';

export function AdminUsersRoute() {
  return (
    <>
      <PageHeader
        title="Users"
        description="Find people, and make them staff or admin, or remove those roles."
      />
      <UsersPage />
    </>
  );
}
