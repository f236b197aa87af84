import type { Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from './accounts.ts';
import { callApi, newUser } from './admin-fixtures.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { baseURL, openTestBrowser, useApp } from './browser.ts';

/** A buyer with a paid booking of a seeded show, signed up from outside the browser. */
async function buyer(name: string) {
  const { account, token } = await newUser(name);
  const { shows } = await callApi<{ shows: Show[] }>(token, 'GET', '/api/shows');
  // The last show of the programme: days away, so it has not started while the test runs.
  const show = shows.at(-1)!;
  const created = await callApi<{ url: string; bookingId: string; booking: { reference: string } }>(
    token,
    'POST',
    '/api/bookings/create',
    { showId: show._id, selectedSeats: [name.startsWith('A') ? 'D4' : 'D5'] },
  );
  const paymentId = new URL(created.url, baseURL()).pathname.split('/').pop()!;
  await callApi(token, 'POST', `/api/payments/${paymentId}/sandbox-pay`);
  return { account, token, bookingId: created.bookingId, reference: created.booking.reference };
}

/** Signs in with the app's own form, as the next person at this browser would. */
async function signInWithForm(page: Page, account: TestAccount) {
  await page.goto('/sign-in');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

// An app of its own: the seeded programme, untouched by other files' bookings.
describe('a ticket kept offline', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  }, 120_000);
  afterAll(() => app?.close());
  useApp(() => app.baseURL);

  it("is not shown to the next person after the owner's session ended elsewhere", async () => {
    const asha = await buyer('Asha Offline');
    const { account: bala } = await newUser('Bala Offline');

    // Asha opens her ticket on this browser: it is kept for offline use.
    const { page, context } = await openTestBrowser({ viewport: { width: 360, height: 780 } });
    await signInWithForm(page, asha.account);
    await page.goto(`/tickets/${asha.bookingId}`);
    await page.getByTestId('ticket-reference').getByText(asha.reference).waitFor();
    await page.getByTestId('ticket-offline').waitFor();
    // Hers while she is the one signed in: offline, a reload still shows it.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('ticket-reference').getByText(asha.reference).waitFor();
    await context.setOffline(false);

    // Her session here ends from another device (no sign-out in this browser).
    await callApi(asha.token, 'POST', '/api/auth/revoke-other-sessions', {});

    // Bala signs in on the same browser, then loses the connection and opens Asha's ticket link.
    await signInWithForm(page, bala);
    await context.setOffline(true);
    await page.goto(`/tickets/${asha.bookingId}`);
    // Nothing of Asha's is left on the device: offline, nobody can be shown as signed in, so the
    // ticket page sends Bala to sign in instead of showing Asha's ticket and code.
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(await page.getByText(asha.reference).count()).toBe(0);
    expect(await page.evaluate(() => caches.has('marquee-private'))).toBe(false);
    await context.setOffline(false);
  }, 180_000);
});
