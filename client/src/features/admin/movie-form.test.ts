import { describe, expect, it } from 'vitest';
import type { Movie } from '@marquee/shared';
import {
  emptyMovieForm,
  movieFormFromMovie,
  toCreateMovieRequest,
  toUpdateMovieRequest,
  validateMovieEdit,
  validateMovieForm,
} from './movie-form.ts';

describe('Add Movie validation', () => {
  it('takes only a four-digit year from 1888 to next year (the clock given)', () => {
    const now = new Date('2026-11-23T05:00:00Z');
    const withYear = (Year: string) => validateMovieForm({ ...emptyMovieForm, Title: 'Dune', Year }, now);
    const problem = 'Year must be a four-digit year from 1888 to 2027';
    for (const bad of ['abcd', '1887', '2028', '99', '20245', '2024a', '２０２４'])
      expect(withYear(bad), bad).toEqual({ Year: problem });
    for (const good of ['1888', '2026', '2027', ' 2010 ']) expect(withYear(good), good).toEqual({});
  });

  it('needs a Title and a Year, and nothing else', () => {
    expect(validateMovieForm(emptyMovieForm)).toEqual({
      Title: 'Title is required',
      Year: 'Year is required',
    });
    expect(validateMovieForm({ ...emptyMovieForm, Title: '  ', Year: '2024' })).toEqual({
      Title: 'Title is required',
    });
    expect(validateMovieForm({ ...emptyMovieForm, Title: 'Dune', Year: '2024' })).toEqual({});
  });

  it('wants the poster and trailer as web addresses', () => {
    const values = { ...emptyMovieForm, Title: 'Dune', Year: '2024' };
    expect(validateMovieForm({ ...values, Poster: 'poster.jpg' })).toEqual({
      Poster: 'Poster must be a URL',
    });
    expect(validateMovieForm({ ...values, Poster: 'javascript:alert(1)' })).toEqual({
      Poster: 'Poster must be a URL',
    });
    expect(validateMovieForm({ ...values, trailer_link: 'youtube' })).toEqual({
      trailer_link: 'Trailer link must be a URL',
    });
    expect(
      validateMovieForm({
        ...values,
        Poster: 'https://img.example/p.jpg',
        trailer_link: 'http://v.example/1',
      }),
    ).toEqual({});
  });
});

describe('the Add Movie request', () => {
  it('trims, leaves blank fields out and sends featured only when ticked', () => {
    expect(
      toCreateMovieRequest({
        ...emptyMovieForm,
        Title: ' Dune ',
        Year: '2024',
        Genre: ' Sci-Fi ',
        Plot: ' ',
      }),
    ).toEqual({ Title: 'Dune', Year: '2024', Genre: 'Sci-Fi' });
    expect(toCreateMovieRequest({ ...emptyMovieForm, Title: 'Dune', Year: '2024', featured: true })).toEqual({
      Title: 'Dune',
      Year: '2024',
      featured: true,
    });
    expect(
      toCreateMovieRequest({
        ...emptyMovieForm,
        Title: 'Jailer',
        Year: '2023',
        languages: ['Tamil', 'Hindi'],
        format: 'IMAX',
        Rated: 'UA 13+',
      }),
    ).toEqual({
      Title: 'Jailer',
      Year: '2023',
      languages: ['Tamil', 'Hindi'],
      format: 'IMAX',
      Rated: 'UA 13+',
    });
  });
});

describe('the movie edit request', () => {
  const movie = {
    ...Object.fromEntries(Object.keys(emptyMovieForm).map((key) => [key, ''])),
    Title: 'Kantaara',
    Year: '2022',
    Genre: 'Drama',
    Ratings: '8.1',
    trailer_link: null,
    featured: false,
  } as unknown as Movie;

  it('starts from the movie as it is and sends only what changed', () => {
    const values = movieFormFromMovie(movie);
    expect(values).toMatchObject({ Title: 'Kantaara', Genre: 'Drama', Ratings: '8.1', trailer_link: '' });
    expect(toUpdateMovieRequest(values, movie)).toEqual({});
    expect(
      toUpdateMovieRequest(
        { ...values, Title: ' Kantara ', trailer_link: 'https://example.com/t', featured: true },
        movie,
      ),
    ).toEqual({ Title: 'Kantara', trailer_link: 'https://example.com/t', featured: true });
  });

  it('checks what was changed in the add form’s words, and lets a kept value be', () => {
    const seeded = { ...movie, Poster: '/posters/kantara.svg' } as Movie;
    const values = movieFormFromMovie(seeded);
    expect(validateMovieEdit(values, seeded)).toEqual({});
    expect(validateMovieEdit({ ...values, Title: ' ', Poster: 'poster.jpg' }, seeded)).toEqual({
      Title: 'Title is required',
      Poster: 'Poster must be a URL',
    });
  });

  it('sends an emptied field empty, which clears it', () => {
    expect(toUpdateMovieRequest({ ...movieFormFromMovie(movie), Genre: '  ' }, movie)).toEqual({ Genre: '' });
  });
});
