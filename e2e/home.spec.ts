import { afterEach, describe, expect, it } from 'vitest';
import { baseURL, openBrowser } from './browser.ts';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('home page', () => {
  it('lists the seeded movies from the API', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Now Showing' }).waitFor();
    const response = await fetch(`${baseURL()}/api/movies/movies-with-shows`);
    const { movies } = (await response.json()) as { movies: { title: string }[] };
    expect(movies.length).toBeGreaterThanOrEqual(5);
    for (const movie of movies) {
      await page.getByRole('heading', { name: movie.title, exact: true }).waitFor();
    }
    const posters = page.locator('img[src^="/posters/"]');
    expect(await posters.count()).toBeGreaterThanOrEqual(movies.length);
    expect(browser.errors).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Show Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Now Showing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
