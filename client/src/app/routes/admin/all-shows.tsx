import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';
import { ShowList } from '../../../features/admin/components/show-list.tsx';

export function AdminShowsRoute() {
  return (
    <>
      <PageHeader
        title="List Shows"
        description="Every show, upcoming first, with the seats sold and held."
        action={
          <Link to="/admin/add-show" className={buttonClassName('primary')}>
            <Plus aria-hidden className="size-4" />
            Add New Show
          </Link>
        }
      />
      <ShowList />
    </>
  );
}
