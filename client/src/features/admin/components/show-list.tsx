import type { AdminShow } from '@marquee/shared';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useCancelShow } from '../api/cancel-show.ts';
import { useDeleteShow } from '../api/delete-show.ts';
import { useAdminShows, type AdminShowStatusFilter } from '../api/get-admin-shows.ts';
import { formatShowDate, readPage } from '../format.ts';
import { useListParams } from '../use-list-params.ts';
import { useNow } from '../../../lib/use-now.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EditShowDialog } from './edit-show-dialog.tsx';
import { Field, inputClassName } from './field.tsx';
import { FilterBar } from './filter-bar.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { MovieSelect } from './movie-select.tsx';
import { Pagination } from './pagination.tsx';
import { ShowsTable, type ShowAction } from './shows-table.tsx';

const PAGE_SIZE = 20;

const statusOptions: { value: AdminShowStatusFilter; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'active', label: 'Active' },
  { value: 'sold-out', label: 'Sold Out' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'past', label: 'Past' },
];

const isStatus = (value: string): value is AdminShowStatusFilter =>
  statusOptions.some((option) => option.value === value);

/** List Shows: filters and page live in the address, so a view can be shared or gone back to. */
export function ShowList() {
  const [params, setParam] = useListParams();
  const status = params.get('status') ?? '';
  const filter = {
    movieId: params.get('movie') ?? '',
    date: params.get('date') ?? '',
    status: isStatus(status) ? status : '',
    page: readPage(params.get('page')),
    pageSize: PAGE_SIZE,
  };
  const shows = useAdminShows(filter);
  const now = useNow(true, 60_000);
  const [pending, setPending] = useState<{ action: ShowAction; show: AdminShow } | null>(null);
  const cancelShow = useCancelShow();
  const deleteShow = useDeleteShow();

  const close = () => setPending(null);
  const describe = (show: AdminShow) =>
    `${show.movie.title} on ${formatShowDate(show.showDate)} at ${show.showTime}`;

  function confirmCancel(show: AdminShow) {
    cancelShow.mutate(show._id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        close();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  function confirmDelete(show: AdminShow) {
    deleteShow.mutate(show._id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        close();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  const hasFilters = Boolean(filter.movieId || filter.date || filter.status);

  return (
    <>
      <FilterBar label="Filter shows">
        <Field label="Movie" className="min-w-56 flex-1">
          {(control) => (
            <MovieSelect
              {...control}
              emptyLabel="All movies"
              value={filter.movieId}
              onChange={(event) => setParam('movie', event.target.value)}
            />
          )}
        </Field>
        <Field label="Date" className="w-44">
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.date}
              onChange={(event) => setParam('date', event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <Field label="Status" className="w-44">
          {(control) => (
            <select
              {...control}
              value={filter.status}
              onChange={(event) => setParam('status', event.target.value)}
              className={inputClassName}
            >
              {statusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </FilterBar>

      {shows.isPending ? (
        <LoadingState label="Loading shows..." />
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} />
      ) : shows.data.shows.length === 0 ? (
        <EmptyState
          title="No shows found"
          detail={hasFilters ? 'No show matches these filters.' : 'Add a show to see it here.'}
        />
      ) : (
        <>
          <ShowsTable
            shows={shows.data.shows}
            now={now}
            isBusy={shows.isPlaceholderData}
            onAction={(action, show) => setPending({ action, show })}
          />
          <Pagination
            label="Shows pages"
            page={shows.data.page}
            pageSize={shows.data.pageSize}
            total={shows.data.total}
            onPage={(page) => setParam('page', String(page))}
          />
        </>
      )}

      {pending?.action === 'edit' && <EditShowDialog show={pending.show} onClose={close} />}
      {pending?.action === 'cancel' && (
        <ConfirmDialog
          title="Cancel this show?"
          confirmLabel="Cancel Show"
          busyLabel="Cancelling..."
          cancelLabel="Keep Show"
          isBusy={cancelShow.isPending}
          onConfirm={() => confirmCancel(pending.show)}
          onClose={close}
        >
          <p>{describe(pending.show)} will no longer be bookable.</p>
          <p>
            {pending.show.bookingCount > 0
              ? 'Every booking on it is cancelled and paid ones are refunded. This cannot be undone.'
              : 'Nobody has booked it yet. This cannot be undone.'}
          </p>
        </ConfirmDialog>
      )}
      {pending?.action === 'delete' && (
        <ConfirmDialog
          title="Delete this show?"
          confirmLabel="Delete Show"
          busyLabel="Deleting..."
          cancelLabel="Keep Show"
          isBusy={deleteShow.isPending}
          onConfirm={() => confirmDelete(pending.show)}
          onClose={close}
        >
          <p>{describe(pending.show)} has no bookings and will be removed for good.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
