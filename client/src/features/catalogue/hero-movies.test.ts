import type { Movie } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { heroMoviesFrom, sampleHeroMovies } from './hero-movies.ts';

const movie = (title: string, featured: boolean) => ({ _id: title, title, featured }) as Movie;

describe('heroMoviesFrom', () => {
  it('shows the featured movies, in order, and only those', () => {
    const movies = [movie('A', true), movie('B', false), movie('C', true)];
    expect(heroMoviesFrom(movies).map((m) => m.title)).toEqual(['A', 'C']);
  });

  it('falls back to the two built-in samples when nothing is featured', () => {
    expect(heroMoviesFrom([movie('B', false)])).toBe(sampleHeroMovies);
    expect(heroMoviesFrom([])).toBe(sampleHeroMovies);
    expect(heroMoviesFrom(undefined)).toBe(sampleHeroMovies);
    expect(sampleHeroMovies).toHaveLength(2);
  });

  it('gives the samples everything a slide needs, with a poster shipped with the app', () => {
    for (const sample of sampleHeroMovies) {
      expect(sample.title && sample.description && sample.genre && sample.duration).toBeTruthy();
      expect(sample.rating).toBeTypeOf('number');
      expect(sample.price).toBeTypeOf('number');
      expect(sample.id).toBeTypeOf('number');
      expect(sample.poster).toMatch(/^\/posters\/[a-z-]+\.svg$/);
    }
  });
});
