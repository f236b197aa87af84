import type { MovieWithShows } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserForFile, gotoMovieList, openTestBrowser } from './browser.ts';

const browser = browserForFile();
/** The featured movies in the order this page load was given them (see gotoMovieList). */
let featured: MovieWithShows[];

let page: Page;
beforeEach(async () => {
  page = browser.page;
  const movies = await gotoMovieList(page, '/');
  featured = movies.filter((movie) => movie.featured);
  await carousel().waitFor();
});

const carousel = () => page.getByRole('region', { name: 'Featured movies' });
const slide = (n: number) => page.getByRole('group', { name: `${n} of ${featured.length}` });
const dot = (n: number) => page.getByRole('button', { name: `Go to slide ${n}`, exact: true });

/** The 1-based number of the slide the dots call current. */
async function currentSlide(): Promise<number> {
  for (let n = 1; n <= featured.length; n++) {
    if ((await dot(n).getAttribute('aria-current')) === 'true') return n;
  }
  return 0;
}

/** True when the slide sits in the carousel's window and is the one people can reach. */
async function isShown(n: number): Promise<boolean> {
  const [box, frame] = await Promise.all([slide(n).boundingBox(), carousel().boundingBox()]);
  const inert = await slide(n).evaluate((element) => (element as HTMLElement).inert);
  return !!box && !!frame && Math.abs(box.x - frame.x) < 2 && !inert;
}

/** A YouTube link's embed address as the spec wants it, worked out independently. */
function expectedEmbed(link: string): string {
  const id = new URL(link).searchParams.get('v') ?? new URL(link).pathname.split('/').pop();
  return `https://www.youtube.com/embed/${id}?autoplay=1&rel=0`;
}

// Somewhere outside the carousel, so hovering it does not hold the rotation.
const moveMouseAway = () => page.mouse.move(5, 5);

describe('hero carousel', () => {
  it('shows one slide per featured movie with its details and actions', async () => {
    expect(featured.length).toBe(5);
    for (const [index, movie] of featured.entries()) {
      const group = slide(index + 1);
      expect(await group.getAttribute('aria-roledescription')).toBe('slide');
      const text = await group.innerText();
      expect(text).toContain(movie.title);
      expect(text).toContain(movie.description);
      expect(text).toContain(movie.genre);
      expect(text).toContain(movie.duration);
      expect(text).toContain(movie.rating!.toFixed(1));
    }
    expect(await carousel().getAttribute('aria-roledescription')).toBe('carousel');
    const book = slide(1).getByRole('link', { name: 'Book Tickets' });
    expect(await book.getAttribute('href')).toBe(featured[0]!.booking_link);
    const firstPoster = slide(1).getByRole('img', { name: `${featured[0]!.title} poster` });
    expect(await firstPoster.getAttribute('loading')).toBe('eager');
    expect(await currentSlide()).toBe(1);
    expect(await isShown(1)).toBe(true);
  });

  it('moves to the slide whose dot is clicked, and with the arrows, looping at the ends', async () => {
    await dot(3).click();
    await expect.poll(currentSlide).toBe(3);
    await expect.poll(() => isShown(3), { timeout: 3000 }).toBe(true);

    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(currentSlide).toBe(4);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(currentSlide).toBe(2);

    await dot(1).click();
    await expect.poll(currentSlide).toBe(1);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(currentSlide).toBe(featured.length);
    await expect.poll(() => isShown(featured.length), { timeout: 3000 }).toBe(true);
  });

  it('advances by itself every 5 seconds, and keeps going after the visitor used it', async () => {
    await moveMouseAway();
    const start = Date.now();
    await expect.poll(currentSlide, { timeout: 8000, interval: 100 }).toBe(2);
    const elapsed = Date.now() - start;
    expect(elapsed).toBeGreaterThan(3500);
    expect(elapsed).toBeLessThan(7000);

    // Interaction does not stop autoplay (spec): after a click it carries on from there.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(currentSlide).toBe(3);
    await moveMouseAway();
    await expect.poll(currentSlide, { timeout: 8000, interval: 100 }).toBe(4);
  });

  it('keeps rotating while the mouse rests on it (the spec: interaction does not stop autoplay)', async () => {
    const frame = (await carousel().boundingBox())!;
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    const from = await currentSlide();
    await expect.poll(currentSlide, { timeout: 8000, interval: 100 }).not.toBe(from);
    await moveMouseAway();
  });

  it('stops rotating while paused, and carries on when played again', async () => {
    // The page's clock stands still unless the test moves it, so "ten seconds without a change"
    // is exact however slowly a busy machine runs, and takes no real time.
    // (It runs until the page has loaded: the page's data arrives through timers too.)
    const own = await openTestBrowser();
    page = own.page;
    await page.clock.install();
    await page.goto('/');
    await carousel().waitFor();
    // The page's time moves on while this is asked and answered: aim a second ahead, further on a
    // machine so busy that the moment had already passed.
    for (let ahead = 1_000; ; ahead *= 2) {
      const now = await page.evaluate(() => Date.now());
      const paused = await page.clock.pauseAt(now + ahead).then(
        () => true,
        (error: Error) => {
          if (!/to the past/.test(error.message) || ahead > 16_000) throw error;
          return false;
        },
      );
      if (paused) break;
    }
    await moveMouseAway();
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    const from = await currentSlide();
    await page.clock.runFor(10_000);
    expect(await currentSlide()).toBe(from);

    // The same clock moves it once played (the spec's 5 s): the pause, not the clock, held it.
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(5_100);
    await expect.poll(currentSlide).toBe((from % featured.length) + 1);
    expect(own.errors).toEqual([]);
  });
});

describe('hero with a single featured movie', () => {
  it('shows it without arrows, dots or rotation', async () => {
    const url = '**/api/movies/movies-with-shows';
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { movies: MovieWithShows[] };
      body.movies = body.movies.map((movie, index) => ({ ...movie, featured: index === 0 }));
      await route.fulfill({ response, json: body });
    });
    try {
      await page.goto('/');
      await page.getByRole('group', { name: '1 of 1' }).waitFor();
      expect(await page.getByRole('button', { name: 'Next slide' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Go to slide/ }).count()).toBe(0);
    } finally {
      await page.unroute(url);
    }
  });
});

describe('trailer modal', () => {
  // The machine has no internet: YouTube's player is a stand-in page with one control, loaded
  // the same way (a cross-origin frame), so what the keyboard meets inside it does not depend on
  // how fast a DNS failure comes back.
  const player = 'https://www.youtube.com/embed/**';
  beforeEach(async () => {
    await page.route(player, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><button>Play</button>' }),
    );
  });
  afterEach(async () => {
    await page.unroute(player);
  });

  it('opens from the keyboard, keeps focus inside, closes on Escape and returns focus', async () => {
    let focused = '';
    for (let presses = 0; presses < 20 && !focused.startsWith('Watch Trailer'); presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toMatch(/^Watch Trailer for /);
    const title = focused.replace('Watch Trailer for ', '');
    const movie = featured.find((candidate) => candidate.title === title)!;

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `${title} — Trailer` });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(expectedEmbed(movie.trailer_link!));
    expect(await frame.getAttribute('title')).toBeTruthy();

    await dialog.frameLocator('iframe').getByRole('button', { name: 'Play' }).waitFor();

    // Backwards from the close button: the player's frame, its control, the close button again.
    const focusStop = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active?.closest('dialog[open]')) return 'outside';
        return active.tagName === 'IFRAME' ? 'player' : (active.getAttribute('aria-label') ?? '');
      });
    expect(await focusStop()).toBe('Close trailer');
    const stops: string[] = [];
    for (let presses = 0; presses < 4; presses++) {
      await page.keyboard.press('Shift+Tab');
      stops.push(await focusStop());
    }
    expect(stops).not.toContain('outside');
    expect(stops).toContain('player');
    // A key pressed inside the player goes to the player (a cross-origin frame), as everywhere
    // on the web; Escape closes the dialog from the dialog's own controls.
    for (let presses = 0; presses < 4 && (await focusStop()) !== 'Close trailer'; presses++) {
      await page.keyboard.press('Shift+Tab');
    }
    expect(await focusStop()).toBe('Close trailer');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const refocused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(refocused).toBe(`Watch Trailer for ${title}`);
  });

  it('closes with the close button and with a click on the backdrop', async () => {
    const watch = slide(1).getByRole('button', { name: /^Watch Trailer/ });
    await watch.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(
      expectedEmbed(featured[0]!.trailer_link!),
    );
    await page.getByRole('button', { name: 'Close trailer' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await watch.evaluate((element) => element === document.activeElement)).toBe(true);

    await watch.click();
    await dialog.waitFor();
    // The corner of the window is backdrop, not dialog.
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
  });
});
