import type { AdminMovie } from '@marquee/shared';
import { ArchiveRestore, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useAdminMovies, useDeleteMovie, useUpdateMovie } from '../api/movies.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EditMovieDialog } from './edit-movie-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { MovieStateBadge } from './status-badge.tsx';
import { TableFrame, tdClassName, thClassName } from './table-frame.tsx';

const actionClassName =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50';

type Pending = { action: 'edit' | 'retire' | 'delete'; movie: AdminMovie } | null;

/** Every movie, retired ones too: correct, retire or restore, and delete one that never had a show. */
export function MovieList() {
  const movies = useAdminMovies();
  const updateMovie = useUpdateMovie();
  const deleteMovie = useDeleteMovie();
  const [pending, setPending] = useState<Pending>(null);

  function setActive(movie: AdminMovie, active: boolean) {
    updateMovie.mutate(
      { movieId: movie._id, changes: { active } },
      {
        onSuccess: () => {
          toast.success(
            active
              ? `${movie.title} is restored: buyers see it again and it can be given shows.`
              : `${movie.title} is retired: buyers no longer see it. Tickets already sold stay valid.`,
          );
          setPending(null);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  function remove(movie: AdminMovie) {
    deleteMovie.mutate(movie._id, {
      onSuccess: () => {
        toast.success(`${movie.title} is deleted.`);
        setPending(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setPending(null);
      },
    });
  }

  if (movies.isPending) return <LoadingState label="Loading movies..." />;
  if (movies.isError) return <ErrorState message={movies.error.message} />;
  if (!movies.data.movies.length)
    return <EmptyState title="No movies yet" detail="Add the first one with Add Movie." />;

  return (
    <>
      <TableFrame caption="Movies">
        <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/50">
          <tr>
            <th scope="col" className={thClassName}>
              Movie
            </th>
            <th scope="col" className={thClassName}>
              Runtime
            </th>
            <th scope="col" className={thClassName}>
              Shows
            </th>
            <th scope="col" className={thClassName}>
              Status
            </th>
            <th scope="col" className={thClassName}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {movies.data.movies.map((movie) => (
            <tr key={movie._id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
              <th scope="row" className={`${tdClassName} text-left font-medium`}>
                <div className="flex items-center gap-3">
                  {movie.poster ? (
                    <img src={movie.poster} alt="" className="h-12 w-8 shrink-0 rounded object-cover" />
                  ) : (
                    <span aria-hidden className="h-12 w-8 shrink-0 rounded bg-zinc-200 dark:bg-zinc-800" />
                  )}
                  <span>
                    {movie.title}
                    <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                      {[movie.Year, movie.genre].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </div>
              </th>
              <td className={`${tdClassName} whitespace-nowrap`}>{movie.Runtime || '—'}</td>
              <td className={`${tdClassName} tabular-nums`}>{movie.showCount}</td>
              <td className={tdClassName}>
                <MovieStateBadge active={movie.active} />
              </td>
              <td className={tdClassName}>
                <div className="flex gap-1 whitespace-nowrap">
                  <button
                    type="button"
                    aria-label={`Edit ${movie.title}`}
                    onClick={() => setPending({ action: 'edit', movie })}
                    className={`${actionClassName} text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800`}
                  >
                    <Pencil aria-hidden className="size-4" />
                    Edit
                  </button>
                  {movie.active ? (
                    <button
                      type="button"
                      aria-label={`Retire ${movie.title}`}
                      onClick={() => setPending({ action: 'retire', movie })}
                      className={`${actionClassName} text-amber-800 hover:bg-amber-50 dark:text-amber-300 dark:hover:bg-amber-950/50`}
                    >
                      <EyeOff aria-hidden className="size-4" />
                      Retire
                    </button>
                  ) : (
                    <button
                      type="button"
                      aria-label={`Restore ${movie.title}`}
                      disabled={updateMovie.isPending}
                      onClick={() => setActive(movie, true)}
                      className={`${actionClassName} text-green-800 hover:bg-green-50 dark:text-green-300 dark:hover:bg-green-950/50`}
                    >
                      <ArchiveRestore aria-hidden className="size-4" />
                      Restore
                    </button>
                  )}
                  {movie.showCount === 0 && (
                    <button
                      type="button"
                      aria-label={`Delete ${movie.title}`}
                      onClick={() => setPending({ action: 'delete', movie })}
                      className={`${actionClassName} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      Delete
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        Only a movie that never had a show can be deleted; retire one that has had shows.
      </p>
      {pending?.action === 'edit' && (
        <EditMovieDialog movie={pending.movie} onClose={() => setPending(null)} />
      )}
      {pending?.action === 'retire' && (
        <ConfirmDialog
          title={`Retire ${pending.movie.title}?`}
          confirmLabel="Retire movie"
          busyLabel="Retiring..."
          cancelLabel="Keep showing"
          isBusy={updateMovie.isPending}
          onConfirm={() => setActive(pending.movie, false)}
          onClose={() => setPending(null)}
        >
          <p>
            Buyers will no longer see it, and no new shows or bookings can be made for it. Tickets already
            sold stay valid and its scheduled shows go on.
          </p>
          <p>You can restore it at any time.</p>
        </ConfirmDialog>
      )}
      {pending?.action === 'delete' && (
        <ConfirmDialog
          title={`Delete ${pending.movie.title}?`}
          confirmLabel="Delete movie"
          busyLabel="Deleting..."
          cancelLabel="Keep movie"
          isBusy={deleteMovie.isPending}
          onConfirm={() => remove(pending.movie)}
          onClose={() => setPending(null)}
        >
          <p>It has never had a show. Deleting it removes it from the catalogue for good.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
