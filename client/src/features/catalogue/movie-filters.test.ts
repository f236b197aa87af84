import { describe, expect, it } from 'vitest';
import {
  datesOf,
  filterMovies,
  formatsOf,
  genresOf,
  hasFilters,
  languagesOf,
  noFilters,
  splitGenres,
} from './movie-filters.ts';

const plain = {
  languages: [] as string[],
  format: '2D',
  shows: [] as { language: string | null; format: string }[],
};
const movies = [
  {
    ...plain,
    title: 'Big Buck Bunny',
    genre: 'Animation, Comedy, Family',
    showDates: ['2026-11-22', '2026-11-23'],
    format: '3D',
  },
  {
    ...plain,
    title: 'Sintel',
    genre: 'Animation, Fantasy, Adventure',
    showDates: ['2026-11-23'],
    languages: ['English', 'Hindi'],
  },
  {
    ...plain,
    title: 'Tears of Steel',
    genre: 'Sci-Fi, Action',
    showDates: ['2026-11-24', '2026-11-22'],
    languages: ['English'],
    // An IMAX show in Tamil of a 2D film in English: found by either.
    shows: [{ language: 'Tamil', format: 'IMAX' }],
  },
  { ...plain, title: 'Amélie', genre: 'Comedy,Romance', showDates: [] },
];
const titles = (list: { title: string }[]) => list.map((movie) => movie.title);

describe('splitGenres and genresOf', () => {
  it('splits the comma-separated genre text, trimming each', () => {
    expect(splitGenres('Animation, Comedy,Family ')).toEqual(['Animation', 'Comedy', 'Family']);
    expect(splitGenres('')).toEqual([]);
  });

  it('lists each genre once, alphabetically', () => {
    expect(genresOf(movies)).toEqual([
      'Action',
      'Adventure',
      'Animation',
      'Comedy',
      'Family',
      'Fantasy',
      'Romance',
      'Sci-Fi',
    ]);
  });
});

describe('datesOf', () => {
  it('lists each show date once, earliest first', () => {
    expect(datesOf(movies)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
  });
});

describe('filterMovies', () => {
  it('keeps every movie when no filter is set', () => {
    expect(filterMovies(movies, noFilters)).toEqual(movies);
  });

  it('searches titles by any part, ignoring case, accents and outer spaces', () => {
    expect(titles(filterMovies(movies, { ...noFilters, search: 'STEEL' }))).toEqual(['Tears of Steel']);
    expect(titles(filterMovies(movies, { ...noFilters, search: '  bunny ' }))).toEqual(['Big Buck Bunny']);
    expect(titles(filterMovies(movies, { ...noFilters, search: 'amelie' }))).toEqual(['Amélie']);
    expect(filterMovies(movies, { ...noFilters, search: 'zzz' })).toEqual([]);
  });

  it('matches a whole genre, not part of one', () => {
    expect(titles(filterMovies(movies, { ...noFilters, genre: 'Comedy' }))).toEqual([
      'Big Buck Bunny',
      'Amélie',
    ]);
    expect(filterMovies(movies, { ...noFilters, genre: 'Anim' })).toEqual([]);
  });

  it('keeps movies with a show on the chosen date', () => {
    expect(titles(filterMovies(movies, { ...noFilters, date: '2026-11-22' }))).toEqual([
      'Big Buck Bunny',
      'Tears of Steel',
    ]);
  });

  it('combines the filters', () => {
    expect(
      titles(filterMovies(movies, { ...noFilters, search: 'tel', genre: 'Animation', date: '2026-11-23' })),
    ).toEqual(['Sintel']);
    expect(filterMovies(movies, { ...noFilters, search: 'sintel', genre: 'Action' })).toEqual([]);
  });
});

describe('hasFilters', () => {
  it('is false for no filters or a blank search', () => {
    expect(hasFilters(noFilters)).toBe(false);
    expect(hasFilters({ ...noFilters, search: '   ' })).toBe(false);
    expect(hasFilters({ ...noFilters, genre: 'Comedy' })).toBe(true);
  });
});

describe('the language and format filters', () => {
  it('list what some movie is shown in, in the known order', () => {
    expect(languagesOf(movies, ['Hindi', 'English', 'Tamil', 'Telugu'])).toEqual([
      'Hindi',
      'English',
      'Tamil',
    ]);
    expect(formatsOf(movies, ['2D', '3D', 'IMAX'])).toEqual(['2D', '3D', 'IMAX']);
  });

  it('match the film’s own languages and format, or a show’s', () => {
    expect(titles(filterMovies(movies, { ...noFilters, language: 'Hindi' }))).toEqual(['Sintel']);
    expect(titles(filterMovies(movies, { ...noFilters, language: 'Tamil' }))).toEqual(['Tears of Steel']);
    expect(titles(filterMovies(movies, { ...noFilters, language: 'English' }))).toEqual([
      'Sintel',
      'Tears of Steel',
    ]);
    expect(titles(filterMovies(movies, { ...noFilters, format: '3D' }))).toEqual(['Big Buck Bunny']);
    expect(titles(filterMovies(movies, { ...noFilters, format: 'IMAX' }))).toEqual(['Tears of Steel']);
    expect(titles(filterMovies(movies, { ...noFilters, language: 'English', format: '3D' }))).toEqual([]);
    expect(hasFilters({ ...noFilters, format: 'IMAX' })).toBe(true);
  });
});
