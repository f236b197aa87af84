import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { MovieList } from '../../../features/admin/components/movie-list.tsx';
import { PageHeader } from '../../../features/admin/components/page-header.tsx';

export function AdminMoviesRoute() {
  return (
    <>
      <PageHeader
        title="Movies"
        description="Correct a movie, retire it from sale or bring it back. Retired movies keep the tickets already sold."
        action={
          <Link to="/admin/add-movie" className={buttonClassName('primary')}>
            <Plus aria-hidden className="size-4" />
            Add Movie
          </Link>
        }
      />
      <MovieList />
    </>
  );
}
