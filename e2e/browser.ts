import AxeBuilder from '@axe-core/playwright';
import type { MovieWithShows } from '@marquee/shared';
import {
  chromium,
  type Browser as ChromiumBrowser,
  type BrowserContext,
  type Page,
  type Response,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import { adminAccount } from './admin-account.ts';
import { reconcile, startApp, type RunningApp } from './app-server.ts';

let appOverride: string | undefined;

/** The app the fixtures and browsers talk to: the global setup's, or the one `useApp` names. */
export const baseURL = () => appOverride ?? inject('baseURL');

/**
 * Points every fixture and browser at another app (one a spec started for itself) for the tests
 * of the calling describe block. Call it after the hook that starts that app.
 */
export function useApp(url: () => string) {
  beforeAll(() => {
    appOverride = url();
  });
  afterAll(() => {
    appOverride = undefined;
  });
}

/**
 * The spec file's own app: a fresh embedded database with the staff account of admin-account.ts,
 * started before the file's tests and stopped after them, every fixture and browser pointed at it.
 * For a spec that changes what every page shows (a menu item on every booking page, the cinema's
 * GSTIN on every invoice): on the shared app it would change other specs' pages, so it would have
 * to run alone. Money and seats must agree when it stops, as on the shared app. Call it at the top
 * level, before the file's other hooks, so they run inside it.
 */
export function useOwnApp(env: Record<string, string> = {}) {
  let app: RunningApp | undefined;
  beforeAll(async () => {
    app = await startApp({
      env: { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password, ...env },
    });
    // Starting an app and its new database takes a while beside another spec's browser.
  }, 120_000);
  afterAll(async () => {
    if (!app) return;
    try {
      expect(await reconcile(app), 'reconciliation of the spec’s own app').toEqual([]);
    } finally {
      await app.close();
    }
  });
  useApp(() => app!.baseURL);
}

/** Flags that keep Chromium quiet on a machine with no outside network. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** The app to open; defaults to the one the global setup started. */
  baseURL?: string;
}

let shared: Promise<ChromiumBrowser> | undefined;

/**
 * One Chromium for the spec file, started by its first browser and closed after its last test.
 * Here, starting Chromium with a new profile took 0.55–0.7 s and a context with its page 0.3 s;
 * a spec file opens a dozen browsers.
 */
function sharedChromium(): Promise<ChromiumBrowser> {
  if (!shared) {
    const launching = chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: chromiumArgs,
    });
    shared = launching;
    // A launch that failed is tried again by the next browser rather than failing every test.
    launching.catch(() => (shared = undefined));
  }
  return shared;
}

// Registered while the spec file is collected (it imports this module), so it runs after the
// file's last test; every spec file runs in a process of its own (the forks pool, isolated).
afterAll(async () => {
  const browser = shared;
  shared = undefined;
  await (await browser?.catch(() => undefined))?.close();
});

/**
 * A fresh browser context per call: its own cookies, storage, cache and service workers, so
 * every test starts signed out with nothing stored, as in a new Chromium profile.
 */
export async function openBrowser({
  viewport = { width: 1280, height: 800 },
  colorScheme = 'light',
  baseURL: appURL = baseURL(),
}: BrowserOptions = {}) {
  const chromiumBrowser = await sharedChromium();
  const context: BrowserContext = await chromiumBrowser.newContext({
    baseURL: appURL,
    viewport,
    colorScheme,
  });
  // Light is the app's default whatever the system prefers: a dark browser is one whose visitor
  // chose dark, so the choice is stored before the first page (and kept if a test changes it).
  if (colorScheme === 'dark') {
    await context.addInitScript(() => {
      try {
        if (!localStorage.getItem('marquee-theme')) localStorage.setItem('marquee-theme', 'dark');
      } catch {
        // about:blank and other opaque origins have no storage
      }
    });
  }
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  const page = await context.newPage();
  return {
    context,
    page,
    /** Uncaught errors seen in any page of this browser. */
    errors,
    async close() {
      await context.close();
    },
  };
}

export type Browser = Awaited<ReturnType<typeof openBrowser>>;

/** A browser for the running test only: closed when the test finishes, pass or fail. */
export async function openTestBrowser(options?: BrowserOptions): Promise<Browser> {
  const browser = await openBrowser(options);
  onTestFinished(() => browser.close());
  return browser;
}

/**
 * One browser for the whole spec file, opened before its first test and closed after its last,
 * which fails the file if any page threw an uncaught error meanwhile. Call at the top level.
 */
export function browserForFile(options?: BrowserOptions): Browser {
  let opened: Browser | undefined;
  beforeAll(async () => {
    opened = await openBrowser(options);
  });
  afterAll(async () => {
    if (!opened) return;
    const { errors } = opened;
    await opened.close();
    if (errors.length) throw new Error(`Uncaught errors in the browser: ${errors.join('; ')}`);
  });
  const current = () => {
    if (!opened) throw new Error('The browser opens in beforeAll: use it inside tests and hooks');
    return opened;
  };
  return {
    get context() {
      return current().context;
    },
    get page() {
      return current().page;
    },
    get errors() {
      return current().errors;
    },
    close: () => current().close(),
  };
}

/** Serious and critical axe violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

/**
 * Waits until no finite CSS transition or animation is running, so a check sees the colours a
 * person sees once the page has come to rest (spinners and other endless animations aside).
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Records what a screen reader would announce, the way browsers expose live regions: a change of
 * content inside a live region that is already on the page (role status, alert or log, or
 * aria-live), and an element with role alert as it is inserted. A live region that arrives
 * together with its text says nothing. Installed in every document the page loads.
 */
export async function recordAnnouncements(page: Page): Promise<string[]> {
  const announced: string[] = [];
  await page.exposeFunction('__marqueeAnnounce', (text: string) => announced.push(text));
  await page.addInitScript(() => {
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const say = (window as unknown as { __marqueeAnnounce: (text: string) => void }).__marqueeAnnounce;
    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    new MutationObserver((records) => {
      const changed = new Set<Element>();
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = target?.closest(live);
        if (region) changed.add(region);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches('[role="alert"]')) changed.add(node);
          for (const alert of node.querySelectorAll('[role="alert"]')) changed.add(alert);
        }
      }
      for (const region of changed) {
        const text = textOf(region);
        if (text) say(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return announced;
}

/** Waits until the named table's region has its rows for the current address (not aria-busy). */
export async function settledTable(page: Page, table: string): Promise<void> {
  await page.getByRole('region', { name: table }).and(page.locator(':not([aria-busy])')).waitFor();
}

/**
 * Opens a page that lists movies and returns the movies-with-shows answer that load was given.
 * The list is ordered by each movie's next show and counts its shows, so it changes as shows start
 * and as other tests add them: a test compares the screen with this answer, not an earlier fetch.
 */
export async function gotoMovieList(page: Page, path: string): Promise<MovieWithShows[]> {
  // Every list answer from here on; the page before may still have one in flight, which arrives
  // first and whose body is gone once the page navigates, so the answer is the newest readable one.
  const answers: Response[] = [];
  const collect = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('/api/movies/movies-with-shows')) answers.push(response);
  };
  page.on('response', collect);
  try {
    await page.goto(path);
    const deadline = Date.now() + 30_000;
    for (;;) {
      for (const response of [...answers].reverse()) {
        const body = (await response.json().catch(() => null)) as { movies: MovieWithShows[] } | null;
        if (body) return body.movies;
      }
      if (Date.now() > deadline) throw new Error(`no movies-with-shows answer for ${path}`);
      await page.waitForResponse(() => true, { timeout: 1_000 }).catch(() => {});
    }
  } finally {
    page.off('response', collect);
  }
}
