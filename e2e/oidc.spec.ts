import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../server/test/oidc-provider.ts';
import { pathOf, sessionOf } from './accounts.ts';
import { freePort, startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser } from './browser.ts';

// A second app, configured for a real OpenID Connect provider (`oidc-provider` on a loopback
// port, with its built-in development login and consent pages); the shared app has none.
let provider: TestOidcProvider;
let app: RunningApp;

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/callback/oidc` });
  app = await startApp({
    port,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Test SSO',
    },
  });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** Goes from the app's sign-in screen through the provider's login and consent pages as `login`. */
async function signInWithProvider(page: Page, login: string) {
  await page.getByRole('button', { name: 'Continue with Test SSO' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.getByRole('textbox', { name: /login/i }).fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The provider asks once whether Marquee may have the person's details.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === app.baseURL);
}

describe('sign-in with a hosted OpenID Connect provider, in the browser', () => {
  it('offers the provider, signs in through its pages and comes back to where the visitor was', async () => {
    const browser = await openTestBrowser({ baseURL: app.baseURL });
    const { page } = browser;
    // A signed-out visitor on a signed-in page is sent to sign-in, remembering the page.
    await page.goto('/favourites');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(pathOf(page)).toBe('/sign-in?redirect=%2Ffavourites');

    await signInWithProvider(page, 'meera');
    await page.waitForURL((url) => url.pathname === '/favourites');
    await page.getByRole('heading', { name: 'My Favourites' }).waitFor();
    // The header's user menu carries the name the provider gave.
    await page.getByRole('banner').getByRole('button', { name: 'SSO meera' }).waitFor();
    const { user } = await sessionOf(page);
    expect(user).toMatchObject({ name: 'SSO meera', email: 'meera@sso.example.com' });
    expect(browser.errors).toEqual([]);
  });

  it('goes home afterwards when sign-in was opened directly', async () => {
    const browser = await openTestBrowser({ baseURL: app.baseURL });
    const { page } = browser;
    await page.goto('/sign-in');
    await signInWithProvider(page, 'ravi');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'SSO ravi' }).waitFor();
    expect(browser.errors).toEqual([]);
  });
});
