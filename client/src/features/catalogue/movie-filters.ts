export interface FilterableMovie {
  title: string;
  genre: string;
  showDates: readonly string[];
  languages: readonly string[];
  format: string;
  shows: readonly { language: string | null; format: string }[];
}

export interface MovieFilters {
  /** Part of the title, any case and accents. Blank matches every movie. */
  search: string;
  /** One genre as `genresOf` lists it; blank matches every movie. */
  genre: string;
  /** A show date (YYYY-MM-DD); blank matches every movie. */
  date: string;
  /** A language (Hindi, Tamil …): the film is in it or a show plays in it; blank matches every movie. */
  language: string;
  /** 2D, 3D or IMAX: the film's format or a show's; blank matches every movie. */
  format: string;
}

export const noFilters: MovieFilters = { search: '', genre: '', date: '', language: '', format: '' };

/** The film's languages and every show's, once each, in that order. */
export function languagesOfMovie(movie: FilterableMovie): string[] {
  const fromShows = movie.shows.map((show) => show.language).filter((l): l is string => Boolean(l));
  return [...new Set([...movie.languages, ...fromShows])];
}

/** The film's format and every show's, once each. */
export function formatsOfMovie(movie: FilterableMovie): string[] {
  return [...new Set([movie.format, ...movie.shows.map((show) => show.format)])];
}

/** Every language some movie is shown in, in the order of `order` (the known list). */
export function languagesOf(movies: readonly FilterableMovie[], order: readonly string[]): string[] {
  const found = new Set(movies.flatMap(languagesOfMovie));
  return order.filter((language) => found.has(language));
}

/** Every format some movie is shown in, in the order of `order`. */
export function formatsOf(movies: readonly FilterableMovie[], order: readonly string[]): string[] {
  const found = new Set(movies.flatMap(formatsOfMovie));
  return order.filter((format) => found.has(format));
}

// 'Amélie' is found by 'amelie': accents are dropped before comparing.
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

/** A movie's genres: its genre text is a comma-separated list ('Animation, Comedy'). */
export function splitGenres(genre: string): string[] {
  return genre
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Every genre that some movie has, once each, alphabetically. */
export function genresOf(movies: readonly FilterableMovie[]): string[] {
  const genres = new Set(movies.flatMap((movie) => splitGenres(movie.genre)));
  return [...genres].sort((a, b) => a.localeCompare(b, 'en'));
}

/** Every date that some movie has a show on, once each, earliest first. */
export function datesOf(movies: readonly FilterableMovie[]): string[] {
  return [...new Set(movies.flatMap((movie) => movie.showDates))].sort();
}

/** The movies that pass every filter that is set; the filters combine. */
export function filterMovies<M extends FilterableMovie>(movies: readonly M[], filters: MovieFilters): M[] {
  const search = fold(filters.search);
  const genre = fold(filters.genre);
  return movies.filter(
    (movie) =>
      (!search || fold(movie.title).includes(search)) &&
      (!genre || splitGenres(movie.genre).some((g) => fold(g) === genre)) &&
      (!filters.date || movie.showDates.includes(filters.date)) &&
      (!filters.language || languagesOfMovie(movie).includes(filters.language)) &&
      (!filters.format || formatsOfMovie(movie).includes(filters.format)),
  );
}

/** True when any filter is set, so the page can offer to clear them. */
export function hasFilters(filters: MovieFilters): boolean {
  return Boolean(
    filters.search.trim() || filters.genre || filters.date || filters.language || filters.format,
  );
}
