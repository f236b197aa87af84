import { indianShortDate } from './dates.ts';
import type { MovieWithShows } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserForFile, gotoMovieList } from './browser.ts';

const browser = browserForFile();
/** The movies this page load was given (see gotoMovieList). */
let movies: MovieWithShows[];

let page: Page;
beforeEach(async () => {
  page = browser.page;
  movies = await gotoMovieList(page, '/movies');
  await page.getByRole('heading', { name: 'Movies', level: 1 }).waitFor();
  await page.getByRole('article').first().waitFor();
});

/** Titles of the cards on screen, in order. */
async function shownTitles(): Promise<string[]> {
  return page.getByRole('article').getByRole('heading').allInnerTexts();
}

const titlesWhere = (keep: (movie: MovieWithShows) => boolean) =>
  movies.filter(keep).map((movie) => movie.title);

const hasGenre = (movie: MovieWithShows, genre: string) =>
  movie.genre.split(',').some((part) => part.trim() === genre);

describe('movies page', () => {
  it('lists every movie with shows', async () => {
    expect(await shownTitles()).toEqual(movies.map((movie) => movie.title));
    await page.getByText(`${movies.length} movies showing`).waitFor();
  });

  it('is reached from the header link', async () => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' }).click();
    await page.waitForURL('**/movies');
    await page.getByRole('heading', { name: 'Movies', level: 1 }).waitFor();
  });

  it('searches by title, ignoring case, and keeps the search in the address', async () => {
    await page.getByLabel('Search movies').fill('STEEL');
    await expect.poll(shownTitles).toEqual(['Tears of Steel']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('STEEL');

    await page.reload();
    await expect.poll(shownTitles).toEqual(['Tears of Steel']);
    expect(await page.getByLabel('Search movies').inputValue()).toBe('STEEL');
  });

  it('filters by genre, offering only genres that some movie has', async () => {
    const genreSelect = page.getByLabel('Genre');
    const options = (await genreSelect.locator('option').allInnerTexts()).slice(1);
    const expected = [...new Set(movies.flatMap((movie) => movie.genre.split(',').map((g) => g.trim())))];
    expect(options).toEqual(expected.sort((a, b) => a.localeCompare(b)));

    await genreSelect.selectOption('Fantasy');
    await expect.poll(shownTitles).toEqual(titlesWhere((movie) => hasGenre(movie, 'Fantasy')));
  });

  it('filters by show date, labelled as weekday, month and day', async () => {
    const dates = [...new Set(movies.flatMap((movie) => movie.showDates))].sort();
    const last = dates.at(-1)!;
    const label = indianShortDate(last);
    const dateSelect = page.getByLabel('Date');
    expect((await dateSelect.locator('option').allInnerTexts()).slice(1)).toHaveLength(dates.length);

    await dateSelect.selectOption({ label });
    await expect.poll(shownTitles).toEqual(titlesWhere((movie) => movie.showDates.includes(last)));
    expect(new URL(page.url()).searchParams.get('date')).toBe(last);
  });

  it('combines the filters, says when nothing matches, and clears them', async () => {
    await page.getByLabel('Genre').selectOption('Animation');
    await page.getByLabel('Search movies').fill('s');
    const expected = titlesWhere((movie) => hasGenre(movie, 'Animation') && /s/i.test(movie.title));
    await expect.poll(shownTitles).toEqual(expected);
    expect(expected.length).toBeLessThan(movies.length);

    await page.getByLabel('Search movies').fill('no such film');
    await page.getByText('No movies match your filters.').waitFor();
    expect(await shownTitles()).toEqual([]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(shownTitles).toEqual(movies.map((movie) => movie.title));
    expect(await page.getByLabel('Search movies').inputValue()).toBe('');
    expect(await page.getByLabel('Genre').inputValue()).toBe('');
  });
});
