import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openTestBrowser, seriousViolations } from './browser.ts';

const pathOf = (url: string) => new URL(url).pathname;

/**
 * Where the page has asked to go since this call. The Navigation API's navigate event fires the
 * moment the page asks to leave, so an early redirect is seen before the next page arrives.
 */
async function watchLeaving(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { leavingFor: seen });
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener('navigate', (event) =>
      seen.push((event as Event & { destination: { url: string } }).destination.url),
    );
  });
  return () => page.evaluate(() => (window as unknown as { leavingFor: string[] }).leavingFor);
}

describe('/loading', () => {
  it('says payment is processing, then opens next_url after 7 seconds, not before', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    // The page's clock stands still unless the test moves it: "not before 7 s" is then exact,
    // however slowly a busy machine loads the page.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/loading?next_url=movies');
    await page.getByRole('status').filter({ hasText: 'Processing payment...' }).waitFor();

    const leavingFor = await watchLeaving(page);
    await page.clock.runFor(6_900);
    expect(await leavingFor()).toEqual([]);
    await page.clock.runFor(200);
    await page.waitForURL((url) => url.pathname === '/movies');
    expect(browser.errors).toEqual([]);
  });

  it('never leaves the site, whatever next_url says', async () => {
    const browser = await openTestBrowser();
    const { context } = browser;
    const cases = [
      ['//evil.example', '/evil.example'],
      ['https://evil.example', '/'],
      ['/\\evil.example', '/'],
    ] as const;
    const pages = await Promise.all(cases.map(() => context.newPage()));
    await Promise.all(
      cases.map(([nextUrl], index) => pages[index]!.goto(`/loading?next_url=${encodeURIComponent(nextUrl)}`)),
    );
    await Promise.all(
      pages.map((page) => page.waitForURL((url) => url.pathname !== '/loading', { timeout: 12_000 })),
    );
    for (const [index, [, expected]] of cases.entries()) {
      const url = new URL(pages[index]!.url());
      expect(url.origin).toBe(new URL(baseURL()).origin);
      expect(url.pathname).toBe(expected);
    }
  });

  it('stays put without next_url', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/loading');
    await page.getByText('Processing payment...').waitFor();
    const leavingFor = await watchLeaving(page);
    // Every timer the page set within a minute has fired by the time runFor returns.
    await page.clock.runFor(60_000);
    expect(await leavingFor()).toEqual([]);
    expect(pathOf(page.url())).toBe('/loading');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violations (${colorScheme})`, async () => {
      const browser = await openTestBrowser({ colorScheme });
      const { page } = browser;
      await page.goto('/loading');
      await page.getByText('Processing payment...').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

describe('/book/:slug', () => {
  it('opens the booking page of the movie with that slug', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/book/sintel');
    await page.getByRole('heading', { level: 1, name: 'Sintel' }).waitFor();
    await page.getByRole('group', { name: 'Select Date' }).getByRole('button').first().waitFor();
    expect(pathOf(page.url())).toBe('/book/sintel');
    expect(browser.errors).toEqual([]);
  });

  it('shows the error state for an unknown slug', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/book/no-such-movie');
    await page.getByRole('alert').filter({ hasText: 'Movie not found' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
  });
});

describe('scroll position', () => {
  it('opens a page loaded afresh at its top, whatever the previous page in the tab was scrolled to', async () => {
    const browser = await openTestBrowser({ viewport: { width: 360, height: 800 } });
    const { page } = browser;
    await page.goto('/movies');
    await page.getByRole('article').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY > 1000);

    // A full load (address bar, a link back from another site), not a navigation inside the app.
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Show Not Found' }).waitFor();
    // Whatever restores a scroll position runs before the second frame after the page is shown.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    expect(browser.errors).toEqual([]);
  });
});
