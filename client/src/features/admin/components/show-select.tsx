import type { SelectHTMLAttributes } from 'react';
import { useAdminShows } from '../api/get-admin-shows.ts';
import { inputClassName } from './field.tsx';

/**
 * A select of the shows on one day ('7:00 PM · Kantara · Screen 1'); without a day it waits for
 * one, since a cinema's whole programme is too long a list to pick from.
 */
export function ShowSelect({
  date,
  value,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { date: string; value: string }) {
  const shows = useAdminShows(
    { movieId: '', date, status: '', page: 1, pageSize: 200 },
    { enabled: Boolean(date) },
  );
  const listed = date ? (shows.data?.shows ?? []) : [];
  // A show in the address but not on the chosen day's list (a hand-edited link) still shows as chosen.
  const isUnlisted = Boolean(value) && !listed.some((show) => show._id === value);
  return (
    <select {...select} value={value} disabled={!date && !value} className={inputClassName}>
      <option value="">
        {!date ? 'Pick a date first' : shows.isPending ? 'Loading shows...' : 'All shows'}
      </option>
      {isUnlisted && <option value={value}>The chosen show</option>}
      {listed.map((show) => (
        <option key={show._id} value={show._id}>
          {`${show.showTime} · ${show.movie.title} · ${show.screen.name}`}
        </option>
      ))}
    </select>
  );
}
