import type { Show } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingSeats, payments, refunds } from '../server/src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/database.ts';
import { newAccount } from './accounts.ts';
import { adminAccount } from './admin-account.ts';
import { signInAdminInPage } from './admin-fixtures.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser, seriousViolations } from './browser.ts';

// Issue 10: staff see refunds pending, failed (with the gateway's reason) and succeeded, retry a
// failed one, and read the reconciliation in plain words. The app runs on a PostgreSQL database
// of its own, so the test can plant what no flow produces (a refund the gateway refused hours
// ago, a paid booking that lost its seats) beside it, as the server's tests do.

let testDb: TestDatabase;
let app: RunningApp;
let failed: { bookingId: string; reference: string };
let seatless: { bookingId: string; reference: string };

async function api<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const response = await fetch(`${app.baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: app.baseURL,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as T, token: response.headers.get('set-auth-token') };
}

/** A paid booking of `seat` by `token`: its id and reference. */
async function paidBooking(token: string, showId: string, seat: string) {
  const { body } = await api<{ bookingId: string; url: string }>('/api/bookings/create', {
    token,
    method: 'POST',
    body: { showId, selectedSeats: [seat] },
  });
  const paymentId = body.url.split('/pay/')[1]!;
  await api(`/api/payments/${paymentId}/sandbox-pay`, { token, method: 'POST', body: {} });
  const [row] = await testDb.database.db.select().from(bookings).where(eq(bookings.id, body.bookingId));
  return { bookingId: body.bookingId, reference: row!.reference };
}

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  app = await startApp({
    env: {
      DATABASE_URL: testDb.url!,
      ADMIN_EMAIL: adminAccount.email,
      ADMIN_PASSWORD: adminAccount.password,
    },
  });
  const { body: shows } = await api<{ shows: Show[] }>('/api/shows');
  const show = shows.shows.find(
    (candidate) => candidate.status === 'active' && Date.parse(candidate.startsAt) > Date.now() + 3_600_000,
  )!;
  const { token } = await api('/api/auth/sign-up/email', {
    method: 'POST',
    body: newAccount('Refund Buyer'),
  });
  failed = await paidBooking(token!, show._id, 'A1');
  seatless = await paidBooking(token!, show._id, 'A2');

  // The buyer cancels A1 (refunded through the sandbox); then, as if the gateway had refused it
  // two hours ago, the refund is failed with the gateway's reason and the payment still captured.
  await api(`/api/bookings/${failed.bookingId}/cancel`, { token: token!, method: 'PUT' });
  const { db } = testDb.database;
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, failed.bookingId));
  await db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, payment!.id));
  await db
    .update(refunds)
    .set({
      status: 'failed',
      lastError: 'The bank declined the refund (card_declined)',
      gatewayRef: null,
      succeededAt: null,
      nextAttemptAt: null,
      createdAt: sql`now() - interval '2 hours'`,
    })
    .where(eq(refunds.paymentId, payment!.id));
  // A2 is paid but its seat is no longer held for it.
  await db.update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, seatless.bookingId));
  // Our own app and database: starting them takes a while on a busy machine.
}, 180_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

async function openRefunds(options: { width: number; colorScheme: 'light' | 'dark' }): Promise<Page> {
  const { page } = await openTestBrowser({
    baseURL: app.baseURL,
    colorScheme: options.colorScheme,
    viewport: { width: options.width, height: 900 },
  });
  await signInAdminInPage(page);
  await page.goto('/admin');
  // Reached from the sidebar, as staff would.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Refunds' }).click();
  await page.getByRole('heading', { level: 1, name: 'Refunds' }).waitFor();
  await page.getByRole('status').waitFor({ state: 'detached' });
  return page;
}

const shoot = async (page: Page, name: string) => {
  if (process.env.REFUNDS_SCREENSHOTS)
    await page.screenshot({ path: `/tmp/refunds-${name}.png`, fullPage: true });
};

describe('the admin Refunds page', () => {
  it('fits a 360 px phone in the dark theme before anything is repaired: the table scrolls in its own named region, never the page', async () => {
    const page = await openRefunds({ width: 360, colorScheme: 'dark' });
    await page.getByRole('region', { name: 'Refunds, newest first' }).getByText(failed.reference).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, '360-dark');
    if (process.env.REFUNDS_SCREENSHOTS) {
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await shoot(page, '360-light');
      await page.setViewportSize({ width: 1280, height: 900 });
      await shoot(page, '1280-light');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await shoot(page, '1280-dark');
    }
  }, 120_000);

  it('shows the failed refund with its reason and each discrepancy in plain words; a retry by keyboard succeeds', async () => {
    const page = await openRefunds({ width: 1280, colorScheme: 'light' });
    const report = page.getByRole('region', { name: 'Reconciliation' });
    await report.getByText('2 things do not match').waitFor();
    await report
      .getByText(new RegExp(`A refund of ₹[\\d,.]+ for booking ${failed.reference} has been failing since`))
      .waitFor();
    await report
      .getByText('The payment gateway said: The bank declined the refund (card_declined)')
      .waitFor();
    await report
      .getByText(`Booking ${seatless.reference} is paid, but its seat is not held for it.`)
      .waitFor();

    const table = page.getByRole('region', { name: 'Refunds, newest first' });
    const row = table.getByRole('row').filter({ hasText: failed.reference });
    await row.getByText('Failed', { exact: true }).waitFor();
    await row.getByText('Gateway: The bank declined the refund (card_declined)').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard only: Tab reaches the retry button, Enter presses it.
    const retry = row.getByRole('button', {
      name: new RegExp(`^Retry the refund of ₹[\\d,.]+ for booking ${failed.reference}$`),
    });
    for (let i = 0; i < 60 && !(await retry.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: `${failed.reference}: Refund succeeded` })
      .waitFor();
    await row.getByText('Refunded', { exact: true }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await report.getByText('1 thing does not match').waitFor();
    expect(await report.getByText(failed.reference).count()).toBe(0);

    // Once the seat is the buyer's again, a fresh check finds everything in order.
    await testDb.database.db
      .update(bookingSeats)
      .set({ isLive: true })
      .where(eq(bookingSeats.bookingId, seatless.bookingId));
    await report.getByRole('button', { name: 'Check again' }).click();
    await report.getByText('Everything matches', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
