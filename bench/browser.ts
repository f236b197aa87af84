/// <reference lib="dom" />
// Issue 17's browser figures, in Debian's Chromium at 4× CPU throttle: the home route's JavaScript
// (gzip) and its Largest Contentful Paint on a phone viewport, how soon a booking page shows its
// title and dates there, and the Interaction to Next Paint of choosing seats on a 500-seat map
// (20 rows × 25). Each beside a baseline from the same run and the same throttle: a static page
// with one image for the two page loads, a button that toggles its colour for INP.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { addDays, zonedDate } from '@marquee/shared';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { median, root, startApp, type Running } from './lib.ts';

export const THROTTLE = 4;
const CLICKS = Number(process.env.BENCH_INP_CLICKS ?? 20);
const LCP_LOADS = Number(process.env.BENCH_LCP_LOADS ?? 5);
export const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

export interface BrowserResult {
  homeJsKB: number;
  homeJsFiles: number;
  lcp: number[];
  lcpBaseline: number[];
  /** First visits to a booking page: ms from navigation start to the title and a date button on screen. */
  bookingUsable: number[];
  /** Per interaction, its longest event duration (ms), as INP counts it. */
  interactions: number[];
  baselineInteractions: number[];
}

/** INP as Chromium reports it: the worst interaction, ignoring one in every 50. */
export const inp = (values: number[]) =>
  [...values].sort((a, b) => b - a)[Math.min(values.length - 1, Math.floor(values.length / 50))]!;

async function openContext(viewport: { width: number; height: number }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport });
  return { browser, context, close: () => browser.close() };
}

/** 4× CPU throttle; `firstVisit` also turns the cache off, so every load fetches every file. */
async function throttle(context: BrowserContext, page: Page, { firstVisit = false } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  if (!firstVisit) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

/** The largest contentful paint of a first visit to `url`, once the page has come to rest. */
async function lcpOf(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // LCP stops at the first input; without one it is final once nothing larger has painted
        // for a while (the carousel's first slide is the largest thing on the page).
        setTimeout(() => resolve(last), 1500);
      }),
  );
}

/**
 * Marks, on booking pages, the first animation frame in which the movie's title and a date button
 * are on screen (`window.__usableAt`, ms from navigation start). Other pages are left alone, so
 * the LCP loads in the same tab pay nothing for it.
 */
async function markUsable(page: Page) {
  // As text: tsx names the functions it compiles with a helper the page does not have.
  await page.addInitScript(`
    if (location.pathname.startsWith('/booking/')) {
      const shown = (element) => !!element && element.getBoundingClientRect().height > 0;
      const check = () => {
        const dates = document.getElementById('select-date-heading')?.closest('section');
        if (shown(document.querySelector('main h1')) && shown(dates?.querySelector('[role="group"] button')))
          window.__usableAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }
  `);
}

/** A first visit to a booking page: when its title and dates were on screen (see markUsable). */
async function usableOf(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => (window as unknown as { __usableAt?: number }).__usableAt,
    undefined,
    { timeout: 30_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

/** Records every interaction's longest event duration, keyed by interactionId. */
async function watchInteractions(page: Page) {
  await page.evaluate(() => {
    const durations = new Map<number, number>();
    (window as unknown as { __interactions: Map<number, number> }).__interactions = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        durations.set(entry.interactionId, Math.max(durations.get(entry.interactionId) ?? 0, entry.duration));
      }
      // 16 ms is the least the browser reports; quicker interactions count as 16.
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

async function readInteractions(page: Page, expected: number): Promise<number[]> {
  // Event timing entries arrive after the next paint: wait for all of them.
  await page
    .waitForFunction(
      (count) => (window as unknown as { __interactions: Map<number, number> }).__interactions.size >= count,
      expected,
      { timeout: 10_000 },
    )
    .catch(() => {});
  const values = await page.evaluate(() => [
    ...(window as unknown as { __interactions: Map<number, number> }).__interactions.values(),
  ]);
  // Interactions under 16 ms were not reported: they count as 16.
  return [...values, ...Array.from({ length: Math.max(0, expected - values.length) }, () => 16)];
}

/** Scrolls the element to the middle of the window, lets the page settle, and answers the middle of it. */
async function placeInView(page: Page, selector: string) {
  const element = page.locator(selector);
  // To the middle of the window, as a person would have it: not under the sticky header.
  await element.evaluate((seat) => seat.scrollIntoView({ block: 'center' }));
  await settle(page);
  const box = (await element.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Lets the page paint and settle after a click, as a person takes a moment between seats. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 150)));

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A 20 × 25 screen and a show on it tomorrow; answers the booking page's address. */
export async function largeShow(app: Running): Promise<{ path: string; seats: string[] }> {
  const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseURL },
    body: JSON.stringify(admin),
  });
  const token = signIn.headers.get('set-auth-token');
  if (!token) throw new Error(`admin sign-in failed: ${signIn.status}`);
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${app.baseURL}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: app.baseURL },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const config = await json<{ timeZone: string }>(await call('GET', '/api/config'), 'config');
  const { movies } = await json<{ movies: { _id: string }[] }>(await call('GET', '/api/movies'), 'movies');
  const rows = Array.from({ length: 20 }, () => ({
    seats: Array.from({ length: 25 }, () => ({ class: 'Standard', kind: 'seat' })),
  }));
  const { screen } = await json<{ screen: { _id: string } }>(
    await call('POST', '/api/admin/screens', { name: 'Bench 500', layout: { rows } }),
    'screen',
  );
  const date = addDays(zonedDate(new Date(), config.timeZone), 1);
  const { shows } = await json<{ shows: { _id: string }[] }>(
    await call('POST', '/api/shows', {
      movie: movies[0]!._id,
      screen: screen._id,
      prices: { Standard: 200 },
      dateTimings: [{ date, timings: [{ time: '11:55 PM', occupiedSeats: {} }] }],
    }),
    'show',
  );
  const show = shows[0]!._id;
  // Ten seats spread over the map, front to back: chosen, then each let go again.
  const seats = (process.env.BENCH_SEATS ?? 'A3,C7,E11,G15,J19,L23,N4,P9,R14,T20').split(',');
  return { path: `/booking/${movies[0]!._id}?date=${date}&show=${show}`, seats };
}

export async function browserBench(): Promise<BrowserResult> {
  if (!fs.existsSync(path.join(root, 'client/dist/index.html')))
    throw new Error('client/dist is missing: run `npm run build` first');
  const app = await startApp('pglite', {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEAT_GAP_RULE: 'on',
  });
  try {
    // The home route on a phone: every JavaScript file a first visit asks for, gzipped as sent.
    const phone = await openContext({ width: 390, height: 844 });
    let homeJsKB = 0;
    let homeJsFiles = 0;
    const lcp: number[] = [];
    const lcpBaseline: number[] = [];
    const bookingUsable: number[] = [];
    try {
      const page = await phone.context.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.endsWith('.js'))
          void response.body().then(
            (body) => scripts.set(response.url(), body),
            () => {},
          );
      });
      await page.goto(app.baseURL, { waitUntil: 'networkidle' });
      homeJsFiles = scripts.size;
      homeJsKB =
        [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 6 }).length, 0) / 1000;

      const { movies } = await json<{ movies: { _id: string }[] }>(
        await fetch(`${app.baseURL}/api/movies`),
        'movies',
      );
      await markUsable(page);
      await throttle(phone.context, page, { firstVisit: true });
      // The baseline: the same server sending a static page with the first poster and a heading.
      const poster = await page.evaluate(() => document.querySelector('img')?.getAttribute('src') ?? '');
      const staticPage = `data:text/html,<!doctype html><meta name=viewport content="width=device-width"><h1>Baseline</h1><img src="${app.baseURL}${poster}" width=360 alt="">`;
      for (let i = 0; i < LCP_LOADS; i++) {
        lcp.push(await lcpOf(page, app.baseURL));
        lcpBaseline.push(await lcpOf(page, staticPage));
        bookingUsable.push(await usableOf(page, `${app.baseURL}/booking/${movies[0]!._id}`));
      }
    } finally {
      await phone.close();
    }

    // Seat choice on the 500-seat map, signed in, at 4× throttle, on a laptop-sized window.
    const { path: bookingPath, seats } = await largeShow(app);
    const laptop = await openContext({ width: 1280, height: 900 });
    try {
      const page = await laptop.context.newPage();
      await page.goto(app.baseURL);
      const signUp = await page.evaluate(
        (email) =>
          fetch('/api/auth/sign-up/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Bench Buyer', email, password: 'bench-buyer-password-1' }),
          }).then((r) => r.status),
        `bench-buyer-${Date.now()}@example.com`,
      );
      if (signUp !== 200) throw new Error(`buyer sign-up failed: ${signUp}`);
      await page.goto(`${app.baseURL}${bookingPath}`);
      await page.getByRole('grid').waitFor();
      await throttle(laptop.context, page);
      await watchInteractions(page);
      const order = [...seats, ...seats].slice(0, CLICKS);
      // BENCH_TRACE=<file>: a Chrome trace of the clicks, for chrome://tracing or Perfetto.
      if (process.env.BENCH_TRACE)
        await laptop.browser.startTracing(page, {
          path: process.env.BENCH_TRACE,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
        });
      for (const seat of order) {
        // A plain press and release where the seat is, as a person's: Playwright's own click
        // checks the element first, in the page, and that would count as part of the interaction.
        const box = await placeInView(page, `[data-seat="${seat}"]`);
        await page.mouse.click(box.x, box.y);
        await settle(page);
      }
      const interactions = await readInteractions(page, order.length);
      if (process.env.BENCH_TRACE) await laptop.browser.stopTracing();

      // Baseline: a page whose button toggles its own colour, at the same throttle.
      // A new document (setContent would keep the booking page's event timings in the buffer).
      await page.goto(
        `data:text/html,<button id=b style="width:40px;height:40px" onclick="this.style.background=this.style.background?'':'gold'">A1</button>`,
      );
      await watchInteractions(page);
      const button = await placeInView(page, '#b');
      for (let i = 0; i < order.length; i++) {
        await page.mouse.click(button.x, button.y);
        await settle(page);
      }
      const baselineInteractions = await readInteractions(page, order.length);
      return { homeJsKB, homeJsFiles, lcp, lcpBaseline, bookingUsable, interactions, baselineInteractions };
    } finally {
      await laptop.close();
    }
  } finally {
    await app.stop();
  }
}

export function describeBrowser(result: BrowserResult) {
  return {
    lcp: median(result.lcp),
    lcpBaseline: median(result.lcpBaseline),
    bookingUsable: median(result.bookingUsable),
    inp: inp(result.interactions),
    inpMedian: median(result.interactions),
    baselineInp: inp(result.baselineInteractions),
  };
}

// `npx tsx bench/browser.ts` runs this part alone.
if (process.argv[1]?.endsWith('browser.ts')) {
  const result = await browserBench();
  console.log(JSON.stringify({ ...result, ...describeBrowser(result) }, null, 2));
}
