import type { Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from './accounts.ts';
import {
  adminToken,
  cinemaDates,
  createMovie,
  createShows,
  paidBooking,
  signInAdminInPage,
  soonSlot,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openBrowser, seriousViolations, type Browser } from './browser.ts';
import { acceptDialogs } from './payment-fixtures.ts';

// CONTRACT §13 in the browser: a show about an hour away is in the default policy's half tier.
// The buyer reads the policy in words and the confirm says exactly what comes back; an admin
// cancels another booking with an amount and a reason of their own.

let token: string;
let show: Show;
let title: string;
let browser: Browser | undefined;

beforeAll(async () => {
  token = await adminToken();
  const { timeZone } = await cinemaDates();
  const slot = soonSlot(timeZone, 3600);
  const movie = await createMovie(token);
  title = movie.title;
  [show] = (await createShows(token, movie._id, slot.date, [slot.time], 200)) as [Show];
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await withdrawCreatedShows(token);
}, 300_000);

async function signInInPage(page: Page, account: TestAccount) {
  await page.goto('/');
  const status = await page.evaluate(
    (body) =>
      fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    { email: account.email, password: account.password },
  );
  expect(status).toBe(200);
}

describe('the cancellation policy', () => {
  it('tells the buyer the policy and, before they confirm, exactly what comes back', async () => {
    const { account } = await paidBooking(show._id, ['C3']);
    browser = await openBrowser();
    const { page } = browser;
    await signInInPage(page, account);
    const dialogs = acceptDialogs(page);
    await page.goto('/mybookings');
    const card = page.getByRole('main').getByRole('article', { name: title });
    await card.getByRole('button', { name: 'View Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Booking Details' });
    await modal.getByText(/Full refund until \d{1,2}:\d{2} [AP]M, half until \d{1,2}:\d{2} [AP]M;/).waitFor();
    await modal.getByRole('button', { name: 'Cancel Booking' }).click();
    await modal.getByText('Cancelled', { exact: true }).waitFor();
    expect(dialogs).toEqual([
      'Are you sure you want to cancel this booking?\n\nYou will get back ₹100 (50% of ₹200).',
      'Booking cancelled successfully!',
    ]);
    await modal.getByText('₹100 refunded').waitFor();
    await browser.close();
    browser = undefined;
  }, 120_000);

  it('lets an admin cancel with an amount and a reason of their own', async () => {
    const { booking } = await paidBooking(show._id, ['D4']);
    browser = await openBrowser();
    const { page } = browser;
    await signInAdminInPage(page);
    await page.goto(`/admin/bookings?q=${booking.reference}`);
    await page.getByRole('button', { name: `Cancel booking ${booking.reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${booking.reference}?` });
    const amount = dialog.getByLabel('Refund (₹)');
    // The policy's figure to start from: half of ₹200.
    await expect.poll(() => amount.inputValue()).toBe('100');
    expect(await seriousViolations(page)).toEqual([]);
    await amount.fill('250');
    await dialog.getByLabel('Reason').fill('Goodwill: the air conditioning failed');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.getByText('The refund must be from ₹0 to ₹200').waitFor();
    await amount.fill('25.50');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Bookings' }).getByText('Refunded ₹25.50').waitFor();
    await browser.close();
    browser = undefined;
  }, 120_000);
});
