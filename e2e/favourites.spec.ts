import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scrollsSideways, signUpInPage } from './accounts.ts';
import { baseURL, openTestBrowser, seriousViolations } from './browser.ts';

interface Movie {
  _id: string;
  title: string;
  genre: string;
  duration: string;
}

async function firstMovies(count: number): Promise<Movie[]> {
  const response = await fetch(`${baseURL()}/api/movies`);
  const { movies } = (await response.json()) as { movies: Movie[] };
  return movies.slice(0, count);
}

/** Toggles a favourite through the API with the page's own session cookie. */
function toggleFavourite(page: Page, movieId: string) {
  return page.evaluate(
    (id) =>
      fetch('/api/user/update-favourites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ movieId: id }),
      }).then((r) => r.json() as Promise<{ isFavourite: boolean }>),
    movieId,
  );
}

const emptyHeading = (page: Page) => page.getByRole('heading', { name: 'No favorites found' });

describe('favourites page', () => {
  it('says so when there are no favourites yet', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    await page.goto('/favourites');
    await emptyHeading(page).waitFor();
    await page.getByText("You haven't made any favorites yet", { exact: true }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('lists a favourite and removes it with the heart', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    const [movie, other] = await firstMovies(2);
    expect((await toggleFavourite(page, movie!._id)).isFavourite).toBe(true);
    expect((await toggleFavourite(page, other!._id)).isFavourite).toBe(true);

    await page.goto('/favourites');
    // The header and footer have lists too; the cards are the page's own.
    const cards = page.getByRole('main').getByRole('listitem');
    const card = cards.filter({ has: page.getByRole('heading', { name: movie!.title }) });
    await card.waitFor();
    await card.getByText(movie!.genre, { exact: true }).waitFor();
    await card.getByText(movie!.duration, { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Book Tickets' }).getAttribute('href')).toBe(
      `/booking/${movie!._id}`,
    );
    expect(await cards.count()).toBe(2);

    await page.getByRole('button', { name: `Remove ${movie!.title} from favourites` }).click();
    await page.getByText('Removed from favourites', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(1);

    await page.getByRole('button', { name: `Remove ${other!.title} from favourites` }).click();
    await emptyHeading(page).waitFor();
    const { movies } = await page.evaluate(() =>
      fetch('/api/user/favourites').then((r) => r.json() as Promise<{ movies: unknown[] }>),
    );
    expect(movies).toEqual([]);
  });

  it('shows the loading text, and a failure as a failure rather than as "no favourites"', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/favourites', async (route) => {
      await answered;
      await route.fulfill({ status: 500, json: { success: false, message: 'Internal error' } });
    });
    await page.goto('/favourites');
    await page.getByRole('status').getByText('Loading Favourite Movies...').waitFor();
    release();
    await page.getByText('Failed to fetch favorite movies', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await emptyHeading(page).count()).toBe(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious axe violations, empty and with cards (${colorScheme})`, async () => {
      const browser = await openTestBrowser({ colorScheme });
      const { page } = browser;
      await signUpInPage(page);
      await page.goto('/favourites');
      await emptyHeading(page).waitFor();
      expect(await seriousViolations(page), 'empty').toEqual([]);

      const [movie] = await firstMovies(1);
      await toggleFavourite(page, movie!._id);
      await page.reload();
      await page.getByRole('heading', { name: movie!.title }).waitFor();
      expect(await seriousViolations(page), 'with a card').toEqual([]);
    });
  }

  it('fits a 360px screen', async () => {
    const browser = await openTestBrowser({ viewport: { width: 360, height: 740 } });
    const { page } = browser;
    await signUpInPage(page);
    for (const movie of await firstMovies(3)) await toggleFavourite(page, movie._id);
    await page.goto('/favourites');
    await page
      .getByRole('button', { name: /^Remove .* from favourites$/ })
      .first()
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });
});
