import { addDays } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Catalogue } from './booking-fixtures.ts';
import { openBrowser } from './browser.ts';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

let catalogue: Catalogue;
beforeAll(async () => {
  catalogue = await loadCatalogue();
});

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Marks, in the page, the first animation frame (so the first paint) in which the movie's title
 * and at least one date button are on screen: `window.__usableAt`, ms from navigation start.
 */
async function markUsable(page: Page, title: string) {
  await page.addInitScript((movieTitle) => {
    const shown = (element: Element | null | undefined) =>
      !!element && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0;
    const check = () => {
      const heading = [...document.querySelectorAll('h1')].find((h1) => h1.textContent === movieTitle);
      const dates = document.getElementById('select-date-heading')?.closest('section');
      if (shown(heading) && shown(dates?.querySelector('[role="group"] button'))) {
        (window as unknown as { __usableAt: number }).__usableAt = performance.now();
      } else {
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
  }, title);
}

/**
 * Loads a booking page as a first visit (the browser's cache off, so every file is fetched) and
 * answers how long after the start of navigation the movie's title and its date buttons were on
 * screen: as marked in the page, and as seen from here through getByRole (an upper bound that
 * adds this process's round trips).
 */
async function timeBookingPage(page: Page, path: string, title: string) {
  await page.goto('about:blank');
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('group', { name: 'Select Date' }).getByRole('button').first().waitFor();
  const observed = await page.evaluate(() => performance.now());
  const usable = await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt);
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  return { usable, observed, firstPaint };
}

/** Every JavaScript file the page asks for, by file name. */
function scriptRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) seen.push(pathname.split('/').at(-1)!);
  });
  return seen;
}

/** Route chunks the home page must not pull in: the booking page's and the admin area's. */
const bookingChunk = /^(booking|movie-booking-page)-[\w-]+\.js$/;
const adminChunk = /^(admin-layout|dashboard)-[\w-]+\.js$/;

describe('booking page speed', () => {
  it('shows the movie title and the date buttons within 1 s of navigation (median of 3)', async () => {
    const movie = catalogue.movie('sintel');
    const path = `/booking/${movie._id}`;
    browser = await openBrowser();
    const { page, context } = browser;
    await markUsable(page, movie.title);
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Warm the server and the browser with one load that is not counted.
    await timeBookingPage(page, path, movie.title);

    const runs: Awaited<ReturnType<typeof timeBookingPage>>[] = [];
    for (let i = 0; i < 3; i++) runs.push(await timeBookingPage(page, path, movie.title));
    const figure = (key: 'usable' | 'observed' | 'firstPaint') => median(runs.map((run) => run[key]));
    const list = (key: 'usable' | 'observed') => runs.map((run) => run[key].toFixed(0)).join(', ');
    console.log(
      `booking page usable ${figure('usable').toFixed(0)} ms after navigation start (median of ${list('usable')}); ` +
        `seen by the test ${figure('observed').toFixed(0)} ms (${list('observed')}); ` +
        `first contentful paint ${figure('firstPaint').toFixed(0)} ms`,
    );
    expect(figure('usable')).toBeLessThan(1000);
    expect(figure('firstPaint')).toBeLessThan(1000);
  });
});

describe('what the home and movies pages download', () => {
  for (const path of ['/', '/movies']) {
    it(`gives every poster on ${path} a size, and loads the grid's posters lazily`, async () => {
      browser = await openBrowser();
      const { page } = browser;
      await page.goto(path);
      const cards = page.getByRole('main').getByRole('article');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThanOrEqual(5);

      // Width and height on every image, so nothing moves as they arrive.
      const images = await page
        .getByRole('main')
        .locator('img')
        .evaluateAll((elements) =>
          elements.map((img) => ({
            src: img.getAttribute('src'),
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
          })),
        );
      expect(images.length).toBeGreaterThanOrEqual(5);
      for (const image of images) {
        expect(image.width, image.src ?? '').toMatch(/^\d+$/);
        expect(image.height, image.src ?? '').toMatch(/^\d+$/);
      }
      // The card posters, mostly below the fold, wait until they are scrolled near.
      const posters = cards.getByRole('img', { name: / poster$/ });
      expect(await posters.count()).toBe(await cards.count());
      for (const loading of await posters.evaluateAll((elements) =>
        elements.map((img) => img.getAttribute('loading')),
      )) {
        expect(loading).toBe('lazy');
      }
    });
  }

  it("keeps the home page's first hero poster eager: it is the largest thing on the screen", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Featured movies' });
    const first = hero.getByRole('img', { name: / poster$/ }).first();
    await first.waitFor();
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
  });

  it('does not download the booking or admin route code when visiting /', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const scripts = scriptRequests(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('main').getByRole('article').first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => bookingChunk.test(name) || adminChunk.test(name))).toEqual([]);

    // The patterns are the real chunk names: the pages that need them do download them.
    const show = catalogue.showsOf('sintel').find((s) => s.showDate === addDays(catalogue.today, 1))!;
    await page.goto(`/booking/${show.movie._id}`);
    await page.getByRole('group', { name: 'Select Date' }).waitFor();
    expect(scripts.filter((name) => bookingChunk.test(name)).length).toBeGreaterThanOrEqual(1);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(scripts.filter((name) => adminChunk.test(name)).length).toBeGreaterThanOrEqual(1);
  });
});
