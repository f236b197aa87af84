import {
  DEFAULT_FILM_FORMAT,
  distributorShareMessage,
  distributorSharePercentSchema,
  filmYearProblem,
  type CreateMovieRequest,
  type Movie,
  type UpdateMovieRequest,
} from '@marquee/shared';
import type { FieldErrors } from './show-form.ts';

/** The text fields of the Add Movie form (spec §3, capitalised as spelled), in screen order. */
export const movieTextFields = [
  { name: 'Title', label: 'Title', required: true },
  { name: 'Year', label: 'Year', required: true, inputMode: 'numeric', placeholder: '2024' },
  // Offered as the CBFC's certificates (movie-fields.tsx); the API takes any text.
  { name: 'Rated', label: 'Rated' },
  { name: 'Released', label: 'Released', placeholder: '12 Jul 2024' },
  { name: 'Runtime', label: 'Runtime', placeholder: '142 min' },
  { name: 'Genre', label: 'Genre', placeholder: 'Action, Drama' },
  { name: 'Director', label: 'Director' },
  { name: 'Writer', label: 'Writer' },
  { name: 'Actors', label: 'Actors', placeholder: 'Comma-separated names' },
  { name: 'Language', label: 'Language' },
  { name: 'Country', label: 'Country' },
  { name: 'Awards', label: 'Awards' },
  { name: 'Ratings', label: 'Ratings', placeholder: '8.5/10' },
  { name: 'Poster', label: 'Poster URL', type: 'url', placeholder: 'https://…' },
  {
    name: 'trailer_link',
    label: 'Trailer link',
    type: 'url',
    placeholder: 'https://www.youtube.com/watch?v=…',
  },
  {
    name: 'distributorSharePercent',
    label: 'Distributor share (% of net)',
    inputMode: 'decimal',
    placeholder: '50',
  },
  { name: 'Plot', label: 'Plot', multiline: true },
] as const satisfies readonly {
  name: keyof CreateMovieRequest;
  label: string;
  required?: boolean;
  type?: 'url';
  multiline?: boolean;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
}[];

export type MovieTextField = (typeof movieTextFields)[number]['name'];
export type MovieFormValues = Record<MovieTextField, string> & {
  featured: boolean;
  /** The languages it is shown in (shared/src/film-details.ts), in the list's order. */
  languages: string[];
  format: string;
};

export const emptyMovieForm: MovieFormValues = {
  ...(Object.fromEntries(movieTextFields.map((field) => [field.name, ''])) as Record<MovieTextField, string>),
  featured: false,
  languages: [],
  format: DEFAULT_FILM_FORMAT,
};

export const movieFieldOrder: readonly MovieTextField[] = movieTextFields.map((field) => field.name);

const httpUrl = /^https?:\/\/[^\s]+$/i;

/** Spec §5: Title and Year required, the Poster a URL (and, ours, the trailer link too). */
export function validateMovieForm(values: MovieFormValues, now = new Date()): FieldErrors<MovieTextField> {
  const errors: FieldErrors<MovieTextField> = {};
  if (!values.Title.trim()) errors.Title = 'Title is required';
  const yearProblem = filmYearProblem(values.Year, now);
  if (yearProblem) errors.Year = yearProblem;
  if (values.Poster.trim() && !httpUrl.test(values.Poster.trim())) errors.Poster = 'Poster must be a URL';
  if (values.trailer_link.trim() && !httpUrl.test(values.trailer_link.trim())) {
    errors.trailer_link = 'Trailer link must be a URL';
  }
  const share = values.distributorSharePercent.trim();
  if (share && !distributorSharePercentSchema.safeParse(share).success) {
    errors.distributorSharePercent = distributorShareMessage;
  }
  return errors;
}

/** The POST /api/movies body: trimmed, with blank optional fields left out. */
export function toCreateMovieRequest(values: MovieFormValues): CreateMovieRequest {
  const request: CreateMovieRequest = { Title: values.Title.trim(), Year: values.Year.trim() };
  for (const { name } of movieTextFields) {
    const value = values[name].trim();
    if (value && name !== 'Title' && name !== 'Year') request[name] = value;
  }
  if (values.featured) request.featured = true;
  if (values.languages.length) request.languages = values.languages;
  // The server's default too: left out, as blank fields are.
  if (values.format !== DEFAULT_FILM_FORMAT) request.format = values.format;
  return request;
}

/** The form filled in with a movie as it is, to correct it. */
export function movieFormFromMovie(movie: Movie): MovieFormValues {
  const values = {
    ...emptyMovieForm,
    featured: movie.featured,
    languages: movie.languages,
    format: movie.format,
  };
  for (const { name } of movieTextFields) {
    values[name] =
      name === 'trailer_link'
        ? (movie.trailer_link ?? '')
        : name === 'distributorSharePercent'
          ? String(movie.distributorSharePercent)
          : movie[name];
  }
  return values;
}

/**
 * The add form's checks on what was changed: a value kept as it is stays acceptable (the seed's
 * posters are the app's own paths, not web addresses).
 */
export function validateMovieEdit(values: MovieFormValues, movie: Movie, now = new Date()) {
  const before = movieFormFromMovie(movie);
  const errors = validateMovieForm(values, now);
  for (const name of movieFieldOrder) if (values[name].trim() === before[name].trim()) delete errors[name];
  return errors;
}

/**
 * The PUT /api/movies/{id} body: only what was changed, trimmed; an optional field emptied is
 * sent empty, which clears it.
 */
export function toUpdateMovieRequest(values: MovieFormValues, movie: Movie): UpdateMovieRequest {
  const before = movieFormFromMovie(movie);
  const request: UpdateMovieRequest = {};
  for (const { name } of movieTextFields) {
    const value = values[name].trim();
    if (value !== before[name].trim()) request[name] = value;
  }
  if (values.featured !== before.featured) request.featured = values.featured;
  if (values.languages.length && values.languages.join() !== before.languages.join())
    request.languages = values.languages;
  if (values.format !== before.format) request.format = values.format;
  return request;
}
