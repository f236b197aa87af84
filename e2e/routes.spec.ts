import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openTestBrowser, seriousViolations } from './browser.ts';

const pathOf = (url: string) => new URL(url).pathname;

/** Installs a fake clock in the page that moves only when the test runs it forward. */
async function pauseClock(page: Page) {
  const start = Date.parse('2026-01-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

/**
 * Records the page's navigations from now on; the returned function answers them once a request
 * of the page's own, sent after any navigation a timer just started, has come back.
 */
function navigationsOf(page: Page): () => Promise<string[]> {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) seen.push(pathOf(request.url()));
  });
  return async () => {
    await page.evaluate(() => fetch('/api/health').then((response) => response.text()));
    return seen;
  };
}

describe('/loading', () => {
  it('says payment is processing, then opens next_url after 7 seconds, not before', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    // The page's clock stands still and is run forward by hand: the 7 s rule is checked to the
    // millisecond without waiting 7 s, whatever the machine's load.
    await pauseClock(page);
    await page.goto('/loading?next_url=movies');
    await page.getByRole('status').filter({ hasText: 'Processing payment...' }).waitFor();
    const navigations = navigationsOf(page);

    // Effects run after the first paint (an animation frame), so the 7 s count from then.
    await page.clock.runFor(6_900);
    expect(await navigations()).toEqual([]);
    expect(pathOf(page.url())).toBe('/loading');
    await page.clock.runFor(300);
    await page.waitForURL((url) => url.pathname === '/movies', { waitUntil: 'commit' });
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
    await pauseClock(page);
    await page.goto('/loading');
    await page.getByText('Processing payment...').waitFor();
    const navigations = navigationsOf(page);
    await page.clock.runFor(60_000);
    expect(await navigations()).toEqual([]);
    expect(pathOf(page.url())).toBe('/loading');
    await page.getByText('Processing payment...').waitFor();
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
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    expect(browser.errors).toEqual([]);
  });
});
