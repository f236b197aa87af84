import type { BookingStatus } from '@marquee/shared';
import { Download, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { bookingsCsvUrl, useAdminBookings } from '../api/get-admin-bookings.ts';
import { readPage } from '../format.ts';
import { useListParams } from '../use-list-params.ts';
import { BookingsTable } from './bookings-table.tsx';
import { Field, inputClassName } from './field.tsx';
import { FilterBar } from './filter-bar.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import { Pagination } from './pagination.tsx';
import { ShowSelect } from './show-select.tsx';

const PAGE_SIZE = 25;

const statusOptions: { value: '' | BookingStatus; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending Payment' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
];

const isStatus = (value: string): value is '' | BookingStatus =>
  statusOptions.some((option) => option.value === value);

/** All bookings, searchable and filterable; the address holds the search so it survives reloads. */
export function BookingList() {
  const [params, setParam] = useListParams();
  const status = params.get('status') ?? '';
  const filter = {
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    date: params.get('date') ?? '',
    showId: params.get('show') ?? '',
    page: readPage(params.get('page')),
    pageSize: PAGE_SIZE,
  };
  const [search, setSearch] = useState(filter.q);
  const bookings = useAdminBookings(filter);

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParam('q', search.trim());
  }

  const hasFilters = Boolean(filter.q || filter.status || filter.date || filter.showId);

  return (
    <>
      <FilterBar label="Filter bookings">
        {/* On a phone the field takes the whole line and the button goes under it, so the hint shows. */}
        <form onSubmit={handleSearch} className="flex min-w-0 flex-1 basis-64 flex-wrap items-end gap-2">
          <Field label="Search bookings" className="min-w-0 flex-1 basis-56">
            {(control) => (
              <input
                {...control}
                type="search"
                name="q"
                placeholder="Reference, name or email"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className={inputClassName}
              />
            )}
          </Field>
          <button type="submit" className={buttonClassName('secondary')}>
            <Search aria-hidden className="size-4" />
            Search
          </button>
        </form>
        <Field label="Status" className="w-48">
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
        <Field label="Show date" className="w-44">
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.date}
              // A show belongs to one day: another day's list starts from all its shows.
              onChange={(event) => setParam({ date: event.target.value, show: '' })}
              className={inputClassName}
            />
          )}
        </Field>
        <Field label="Show" className="min-w-64 flex-1 basis-64">
          {(control) => (
            <ShowSelect
              {...control}
              date={filter.date}
              value={filter.showId}
              onChange={(event) => setParam('show', event.target.value)}
            />
          )}
        </Field>
        <a
          href={bookingsCsvUrl(filter)}
          download
          className={buttonClassName('secondary')}
          title="Every booking these filters match, all pages"
        >
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </FilterBar>

      {bookings.isPending ? (
        <LoadingState label="Loading bookings..." />
      ) : bookings.isError ? (
        <ErrorState message={bookings.error.message} />
      ) : bookings.data.bookings.length === 0 ? (
        hasFilters ? (
          <EmptyState title="No bookings found" detail="No booking matches this search or filter." />
        ) : (
          <EmptyState title="No bookings found" detail="No movie bookings have been made yet" />
        )
      ) : (
        <>
          <BookingsTable bookings={bookings.data.bookings} isBusy={bookings.isPlaceholderData} />
          <Pagination
            label="Bookings pages"
            page={bookings.data.page}
            pageSize={bookings.data.pageSize}
            total={bookings.data.total}
            onPage={(page) => setParam('page', String(page))}
          />
        </>
      )}
    </>
  );
}
