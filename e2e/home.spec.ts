import { indianShortDate } from './dates.ts';
import { describe, expect, it } from 'vitest';
import { browserForFile, gotoMovieList } from './browser.ts';

const browser = browserForFile();

/** 'Sun, 22 Nov' for a calendar date, worked out here rather than with the app's own code. */
function dateLabel(date: string): string {
  return indianShortDate(date);
}

describe('Now Showing', () => {
  it('lists every movie with shows, with the spec card texts', async () => {
    const { page } = browser;
    const movies = await gotoMovieList(page, '/');
    await page.getByRole('heading', { name: 'Now Showing' }).waitFor();
    expect(movies.length).toBeGreaterThanOrEqual(5);

    for (const movie of movies) {
      const card = page.getByRole('article', { name: movie.title, exact: true });
      const text = await card.innerText();
      expect(text).toContain(movie.genre);
      expect(text).toContain(movie.duration);
      expect(text).toContain(`${movie.showCount} shows available`);
      expect(text).toContain(movie.rating === null ? '8.0' : movie.rating.toFixed(1));
      const dates = [...new Set(movie.showDates)].sort();
      for (const date of dates.slice(0, 2)) expect(text).toContain(dateLabel(date));
      for (const date of dates.slice(2)) expect(text).not.toContain(dateLabel(date));
      if (dates.length > 2) expect(text).toContain(`+${dates.length - 2} more`);
      expect(text).toContain(`From ₹${movie.lowestPrice}`);

      const poster = card.getByRole('img', { name: `${movie.title} poster` });
      expect(await poster.getAttribute('loading')).toBe('lazy');
      expect(await poster.getAttribute('width')).toBeTruthy();
      const viewShows = card.getByRole('link', { name: 'View Shows' });
      expect(await viewShows.getAttribute('href')).toBe(`/booking/${movie._id}`);
    }
  });

  it('shows the default rating 8.0 for a movie without one', async () => {
    const { page } = browser;
    const movies = await gotoMovieList(page, '/');
    const unrated = movies.find((movie) => movie.rating === null);
    expect(unrated, 'the seed has a movie without a rating').toBeDefined();
    const card = page.getByRole('article', { name: unrated!.title, exact: true });
    expect(await card.innerText()).toContain('8.0');
  });

  it('opens the booking page from View Shows', async () => {
    const { page } = browser;
    const movies = await gotoMovieList(page, '/');
    const first = movies[0]!;
    await page
      .getByRole('article', { name: first.title, exact: true })
      .getByRole('link', { name: 'View Shows' })
      .click();
    await page.waitForURL(`**/booking/${first._id}`);
  });

  it('says "Loading shows..." while the list loads, and the spec error text when it fails', async () => {
    const { page } = browser;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/movies/movies-with-shows', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { success: false, message: 'boom' } });
    });
    try {
      await page.goto('/');
      await page.getByText('Loading shows...', { exact: true }).waitFor();
      release();
      await page.getByText('Failed to load movies. Please try again.', { exact: true }).waitFor();
      // The hero still has something to show: the two built-in samples.
      await page.getByRole('group', { name: '2 of 2' }).waitFor({ state: 'attached' });
    } finally {
      await page.unroute('**/api/movies/movies-with-shows');
    }
  });

  it('has the Why Choose section', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Why Choose Marquee' }).waitFor();
    for (const name of ['Premium Comfort', 'Easy Booking', 'Prime Locations']) {
      await page.getByRole('heading', { name }).waitFor();
    }
  });
});

describe('404 page', () => {
  it('shows Show Not Found with Back to Home and Go Back', async () => {
    const { page } = browser;
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Show Not Found' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Now Showing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
