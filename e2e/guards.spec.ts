import { describe, expect, it } from 'vitest';
import { pathOf, signUpInPage } from './accounts.ts';
import { openTestBrowser, seriousViolations } from './browser.ts';
import { adminAccount } from './admin-account.ts';

describe('signed-in pages', () => {
  it('send a signed-out visitor to sign-in, remembering the page and its query', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/mybookings');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(pathOf(page)).toBe('/sign-in?redirect=%2Fmybookings');

    await page.goto('/profile?tab=password');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(pathOf(page)).toBe('/sign-in?redirect=%2Fprofile%3Ftab%3Dpassword');
  });

  it('let a signed-in user in', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    await page.goto('/favourites');
    await page.getByRole('heading', { name: 'My Favourites' }).waitFor();
    expect(pathOf(page)).toBe('/favourites');
  });
});

describe('admin area', () => {
  it('sends a signed-out visitor to the admin sign-in', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(pathOf(page)).toBe('/admin/sign-in');
    await page.getByRole('heading', { name: 'Admin sign in' }).waitFor();

    await page.goto('/admin/bookings');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(pathOf(page)).toBe('/admin/sign-in?redirect=%2Fadmin%2Fbookings');
  });

  it('turns a signed-in non-admin away to home with "Not authorized"', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    await page.goto('/admin');
    await page.getByText('Not authorized', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await page.getByRole('heading', { name: 'Dashboard Overview' }).count()).toBe(0);
  });

  it('signs a non-admin in from the admin sign-in, then turns them away', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    const account = await signUpInPage(page);
    await page.evaluate(() =>
      fetch('/api/auth/sign-out', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    await page.goto('/admin/sign-in');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Admin sign in' }).waitFor();
    expect(await main.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill(account.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Not authorized', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('says "Error checking authorization" and goes home when the check fails', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    await page.route('**/api/admin/is-admin', (route) =>
      route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
    );
    await page.goto('/admin');
    await page.getByText('Error checking authorization', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  // The real staff account the test server ensures at start-up (ADMIN_EMAIL / ADMIN_PASSWORD),
  // signed in through /admin/sign-in; the admin check is only held back to see the spinner.
  it('signs staff in at /admin/sign-in, shows "Checking access..." and then the admin shell', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/is-admin', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/admin/sign-in');
    await page.getByLabel('Email').fill(adminAccount.email);
    await page.getByLabel('Password', { exact: true }).fill(adminAccount.password);
    await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('status').getByText('Checking access...').waitFor();
    expect(pathOf(page)).toBe('/admin');
    release();
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const links = ['Dashboard', 'Add Movie', 'Add Show', 'List Shows', 'Bookings'];
    for (const name of links) await nav.getByRole('link', { name, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Below 1024px only the icons show, and the links keep their names.
    await page.setViewportSize({ width: 1023, height: 800 });
    const label = nav.getByText('Add Movie');
    expect(await label.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await nav.getByRole('link', { name: 'Add Movie', exact: true }).waitFor();
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await label.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(1);
  });
});
