import { Search } from 'lucide-react';
import { useId } from 'react';
import { formatShowDate } from '../card-details.ts';
import type { MovieFilters } from '../movie-filters.ts';

const fieldClass =
  'h-11 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';
const labelClass = 'mb-1 block text-sm font-medium text-zinc-800 dark:text-zinc-200';

interface MovieFiltersBarProps {
  filters: MovieFilters;
  genres: readonly string[];
  dates: readonly string[];
  languages: readonly string[];
  formats: readonly string[];
  onChange: (change: Partial<MovieFilters>) => void;
}

export function MovieFiltersBar({
  filters,
  genres,
  dates,
  languages,
  formats,
  onChange,
}: MovieFiltersBarProps) {
  const id = useId();

  return (
    <form
      role="search"
      aria-label="Filter movies"
      // Results update as the visitor types; Enter must not reload the page.
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={labelClass}>
          Search movies
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
          />
          <input
            id={`${id}-search`}
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ search: event.target.value })}
            placeholder="Title"
            autoComplete="off"
            className={`${fieldClass} pl-9`}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-genre`} className={labelClass}>
          Genre
        </label>
        <select
          id={`${id}-genre`}
          value={filters.genre}
          onChange={(event) => onChange({ genre: event.target.value })}
          className={fieldClass}
        >
          <option value="">All genres</option>
          {genres.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-date`} className={labelClass}>
          Date
        </label>
        <select
          id={`${id}-date`}
          value={filters.date}
          onChange={(event) => onChange({ date: event.target.value })}
          className={fieldClass}
        >
          <option value="">All dates</option>
          {dates.map((date) => (
            <option key={date} value={date}>
              {formatShowDate(date)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-language`} className={labelClass}>
          Language
        </label>
        <select
          id={`${id}-language`}
          value={filters.language}
          onChange={(event) => onChange({ language: event.target.value })}
          className={fieldClass}
        >
          <option value="">All languages</option>
          {languages.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-format`} className={labelClass}>
          Format
        </label>
        <select
          id={`${id}-format`}
          value={filters.format}
          onChange={(event) => onChange({ format: event.target.value })}
          className={fieldClass}
        >
          <option value="">All formats</option>
          {formats.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
