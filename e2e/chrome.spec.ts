import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pathOf, scrollsSideways, signUpInPage } from './accounts.ts';
import { browserForFile, seriousViolations } from './browser.ts';

// One browser for the file; each test starts signed out, with no theme stored, at desktop width.
const browser = browserForFile();
let page: Page;
beforeEach(async () => {
  page = browser.page;
  await browser.context.clearCookies();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
});

const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
const mainNav = () => page.getByRole('navigation', { name: 'Main' });

describe('header', () => {
  it('links Home, Movies, Bookings and Favourites, marking the current page', async () => {
    const links = { Home: '/', Movies: '/movies', Bookings: '/mybookings', Favourites: '/favourites' };
    for (const [name, href] of Object.entries(links)) {
      expect(await mainNav().getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await mainNav().getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await mainNav().getByRole('link', { name: 'Movies' }).click();
    await page.waitForURL('**/movies');
    await expect
      .poll(() => mainNav().getByRole('link', { name: 'Movies' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await mainNav().getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers Sign In when signed out', async () => {
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/sign-in');
  });

  it('shows a signed-in user a menu with their pages and Sign Out', async () => {
    const account = await signUpInPage(page);
    await page.reload();
    const menuButton = page.getByRole('button', { name: account.name });
    await menuButton.waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const hrefs = { 'My Bookings': '/mybookings', 'My Favourites': '/favourites', Profile: '/profile' };
    const panel = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    for (const [name, href] of Object.entries(hrefs)) {
      expect(await panel.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.goto('/movies');
    await menuButton.click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('folds the links into an accessible menu at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await mainNav().count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    for (const name of ['Home', 'Movies', 'Bookings', 'Favourites']) {
      await panel.getByRole('link', { name, exact: true }).waitFor();
    }
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

    await toggle.click();
    await mainNav().getByRole('link', { name: 'Movies' }).click();
    await page.waitForURL('**/movies');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('is pared down to brand, Back to Movies and theme on /booking and /mybooking', async () => {
    for (const path of ['/booking', '/mybooking']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Back to Movies' }).waitFor();
      await header.getByRole('link', { name: 'Marquee' }).waitFor();
      await header.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await header.getByRole('link').count()).toBe(2);
      expect(await header.getByRole('navigation').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Back to Movies' }).click();
    await page.waitForURL('**/movies');
  });

  it('has a footer on public pages', async () => {
    for (const path of ['/', '/movies', '/no/such/page']) {
      await page.goto(path);
      expect(await page.getByRole('contentinfo').innerText()).toContain('Marquee');
    }
  });
});

describe('theme', () => {
  it('starts light, toggles to dark and remembers it with no light flash on reload', async () => {
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark()).toBe(true);

    // With the app's scripts blocked, only the tiny blocking theme script can have set the class.
    const appScripts = '**/assets/*.js';
    await page.route(appScripts, (route) => route.abort());
    await page.reload();
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(await isDark()).toBe(true);
    await page.unroute(appScripts);

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await isDark()).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await isDark()).toBe(false);
  });

  it('starts light by default (spec), even when the system prefers dark', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await isDark()).toBe(false);
  });
});

describe('accessibility and layout', () => {
  const pages = { home: '/', movies: '/movies', 'not found': '/no/such/page' };

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious axe violations on /, /movies and the 404 page (${colorScheme})`, async () => {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((theme) => localStorage.setItem('marquee-theme', theme), colorScheme);
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(path);
        await page.getByRole('contentinfo').waitFor();
        await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        expect(await isDark()).toBe(colorScheme === 'dark');
        expect(await seriousViolations(page), `${name} (${colorScheme})`).toEqual([]);
      }
    });
  }

  it('never scrolls sideways at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of Object.values(pages)) {
      await page.goto(path);
      await page.getByRole('contentinfo').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await scrollsSideways(page), path).toBe(false);
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await scrollsSideways(page)).toBe(false);
  });
});
