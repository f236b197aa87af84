import type { SelectHTMLAttributes } from 'react';
import { useMovieOptions } from '../api/get-movies.ts';
import { inputClassName } from './field.tsx';

/** A select of every movie in the catalogue; `emptyLabel` names the no-choice option. */
export function MovieSelect({
  emptyLabel,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { emptyLabel: string }) {
  const movies = useMovieOptions();
  return (
    <select {...select} className={inputClassName}>
      <option value="">{movies.isPending ? 'Loading movies...' : emptyLabel}</option>
      {movies.data?.map((movie) => (
        <option key={movie._id} value={movie._id}>
          {movie.year ? `${movie.title} (${movie.year})` : movie.title}
        </option>
      ))}
    </select>
  );
}
