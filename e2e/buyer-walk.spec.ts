import type { Movie, Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, pathOf, signUpInPage, createAccount } from './accounts.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser, seriousViolations, useApp } from './browser.ts';
import { loadCatalogue, openShow, type Catalogue } from './booking-fixtures.ts';
import { acceptDialogs } from './payment-fixtures.ts';

// Issue 34: the buyer's walk on a phone (360 px), in both themes. This file runs its own app with
// the cinema's own rules: one unpaid booking per show, and the single-seat rule on.
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ env: { UNPAID_BOOKINGS_PER_SHOW: '1', SEAT_GAP_RULE: 'on' } });
}, 90_000);
afterAll(() => app?.close());
useApp(() => app.baseURL);

let catalogue: Catalogue;
let shows: Show<Movie>[];
beforeAll(async () => {
  catalogue = await loadCatalogue();
  // Shows a day or more ahead on the spec's map, latest first: each test takes its own.
  shows = catalogue.shows
    .filter((show) => show.status === 'active' && show.totalSeats === 96 && show.showDate > catalogue.today)
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt));
});
let taken = 0;
const nextShow = () => shows[taken++]!;

const phone = { width: 360, height: 740 };
const themes = ['light', 'dark'] as const;

async function openPhone(colorScheme: (typeof themes)[number]) {
  return openTestBrowser({ viewport: phone, colorScheme, baseURL: app.baseURL });
}

const summary = (page: Page) => page.getByRole('region', { name: 'Booking Summary' });
const seat = (page: Page, id: string) => page.getByRole('button', { name: new RegExp(`^${id},`) });

/** True when the element is (at least partly) inside the viewport. */
async function isInView(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y < height && box.y + box.height > 0;
}

describe('the buyer on a phone', () => {
  for (const theme of themes) {
    it(`back from the payment page sees the held seats as theirs, with the time left and Pay now (${theme})`, async () => {
      const { page, errors } = await openPhone(theme);
      const dialogs = acceptDialogs(page);
      await signUpInPage(page);
      const show = nextShow();
      await openShow(page, catalogue, show);
      await seat(page, 'E5').click();
      await seat(page, 'E6').click();
      await summary(page).getByRole('button', { name: 'Book Now' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
      const payPath = new URL(page.url()).pathname;

      await page.goBack();
      const notice = page.getByRole('region', { name: 'Your seats are held: E5, E6' });
      await notice.waitFor();
      expect(await notice.getByRole('timer').textContent()).toMatch(/^\d{1,2}:\d\d$/);
      expect(
        new URL((await notice.getByRole('link', { name: 'Pay now' }).getAttribute('href'))!, app.baseURL)
          .pathname,
      ).toBe(payPath);
      // Theirs, not someone else's: told apart on the map and in the legend, and in sight.
      await page.getByRole('button', { name: 'E5, held for you, waiting for payment' }).waitFor();
      await page.getByRole('list', { name: 'Seat legend' }).getByText('Held for you').waitFor();
      expect(await page.getByRole('button', { name: /^E5, booked/ }).count()).toBe(0);
      await expect.poll(() => isInView(page, notice)).toBe(true);
      await page.screenshot({ path: `/tmp/ux-shots/held-notice-${theme}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      // Booking again: the contract's 409, said beside Book Now with the way to the waiting booking.
      await seat(page, 'B1').click();
      await seat(page, 'B2').click();
      await summary(page).getByRole('button', { name: 'Book Now' }).click();
      const refusal = summary(page).getByRole('alert');
      await refusal
        .getByText('You already have a booking waiting for payment for this show.', { exact: false })
        .waitFor();
      const link = refusal.getByRole('link', { name: 'Pay for the waiting booking' });
      expect(new URL((await link.getAttribute('href'))!, app.baseURL).pathname).toBe(payPath);
      await page.screenshot({ path: `/tmp/ux-shots/waiting-booking-refusal-${theme}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      // Cancelled from the payment page: back at the same date and show, at the seat map.
      await link.click();
      await page.waitForURL((url) => url.pathname === payPath);
      await page.getByRole('button', { name: 'Cancel Booking' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/booking/'));
      const params = new URL(page.url()).searchParams;
      expect(params.get('date')).toBe(show.showDate);
      expect(params.get('show')).toBe(show._id);
      await seat(page, 'E5')
        .and(page.getByRole('button', { name: 'E5, available' }))
        .waitFor();
      await expect.poll(() => isInView(page, page.getByRole('grid'))).toBe(true);
      expect(dialogs).toEqual(['Are you sure you want to cancel this booking?']);
      expect(errors).toEqual([]);
    });
  }

  it('keeps toasts off the controls and withdraws a refusal once its cause is gone', async () => {
    const { page, errors } = await openPhone('light');
    await signUpInPage(page);
    const show = nextShow();
    await openShow(page, catalogue, show);
    // The seat gap: F5, F6 and F8 strand F7 (on either seeded screen), said before Book Now and by the server.
    for (const id of ['F5', 'F6', 'F8']) await seat(page, id).click();
    await summary(page).getByText('Seat F7 would be left on its own', { exact: false }).waitFor();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/bookings/create'));
    await summary(page).getByRole('button', { name: 'Book Now' }).click();
    await answered;
    // The server's refusal is shown beside Book Now (and nowhere else).
    await summary(page).getByRole('alert').filter({ hasText: 'F7' }).waitFor();
    expect(await page.locator('.Toastify__toast').filter({ hasText: 'F7' }).count()).toBe(0);
    // Fixed: nothing says it any more, at once.
    await seat(page, 'F7').click();
    await summary(page).getByText('F5, F6, F7, F8').waitFor();
    expect(await page.getByText('would be left on its own').count()).toBe(0);

    // A toast on a phone: compact, at the bottom edge, clear of the header.
    for (const id of ['F9', 'F10', 'F11', 'F12']) await seat(page, id).click();
    await seat(page, 'B1').click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Maximum 8 seats can be selected' });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.height).toBeLessThan(64);
    expect(box.y + box.height).toBeGreaterThan(phone.height - 80);
    await page.screenshot({ path: '/tmp/ux-shots/phone-toast-light.png' });
    // Given up a seat, the warning no longer applies.
    await seat(page, 'F12').click();
    await toast.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  for (const theme of themes) {
    it(`best available shows its pick to change or book, holding nothing yet (${theme})`, async () => {
      const { page, errors } = await openPhone(theme);
      await signUpInPage(page);
      const show = nextShow();
      await openShow(page, catalogue, show);
      const form = page.getByRole('form', { name: 'Best available' });
      await form.getByRole('combobox', { name: 'Seats' }).selectOption('3');
      await form.getByRole('button', { name: 'Find best seats' }).click();
      await summary(page).getByText('The best seats we found', { exact: false }).waitFor();
      expect(pathOf(page)).toMatch(/^\/booking\//);
      const seats = (await summary(page).locator('dd').nth(3).textContent())!.split(', ');
      expect(seats).toHaveLength(3);
      for (const id of seats) await page.getByRole('button', { name: `${id}, selected` }).waitFor();
      await expect
        .poll(() => isInView(page, summary(page).getByRole('button', { name: 'Book Now' })))
        .toBe(true);
      // Nothing is held until Book Now.
      const map = await (await fetch(`${app.baseURL}/api/bookings/seats/${show._id}`)).json();
      expect(Object.keys(map.occupiedSeats)).toEqual([]);
      await page.screenshot({ path: `/tmp/ux-shots/best-available-pick-${theme}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      // Changed by the buyer, then booked as changed.
      await page.getByRole('button', { name: `${seats[0]}, selected` }).click();
      await summary(page).getByRole('button', { name: 'Book Now' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
      await page.getByText(seats.slice(1).join(', '), { exact: true }).waitFor();
      expect(errors).toEqual([]);
    });
  }

  it('signing in part-way comes back to the seat map and the summary', async () => {
    const { page, errors } = await openPhone('dark');
    const account = await createAccount(newAccount('Part Way'));
    const show = nextShow();
    await openShow(page, catalogue, show);
    await seat(page, 'C4').click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'));
    await page.getByRole('button', { name: 'C4, selected' }).waitFor();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect.poll(() => isInView(page, page.getByRole('grid'))).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // The prompt to sign in no longer applies.
    await page.locator('.Toastify__toast').filter({ hasText: 'Please login' }).waitFor({ state: 'detached' });
    await page.screenshot({ path: '/tmp/ux-shots/after-sign-in-dark.png' });
    expect(errors).toEqual([]);
  });

  it('zoomed out, names the way back in and takes a tap as zooming in there, not a choice', async () => {
    const { page, errors } = await openPhone('light');
    await signUpInPage(page);
    // A screen with an aisle is wider than a 360 px phone: its map can be zoomed out.
    const wide = shows.find((show) => show.screen.name === 'Screen 2')!;
    await openShow(page, catalogue, wide);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).waitFor();
    await seat(page, 'F11').click();
    await page.getByRole('button', { name: 'Zoom out' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^F11, available/,
    );
    expect(await summary(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
