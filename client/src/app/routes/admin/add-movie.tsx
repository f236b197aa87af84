import { AddMovieForm } from '../../../features/admin/components/add-movie-form.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';

export function AdminAddMovieRoute() {
  return (
    <>
      <PageHeader title="Add Movie" description="Add a movie to the catalogue; it can then be given shows." />
      <AddMovieForm />
    </>
  );
}
