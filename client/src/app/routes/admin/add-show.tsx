import { AddShowForm } from '../../../features/admin/components/add-show-form.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';

export function AdminAddShowRoute() {
  return (
    <>
      <PageHeader
        title="Add Show"
        description="Pick a movie, a price and a seat count, then add the dates and times it plays."
      />
      <AddShowForm />
    </>
  );
}
