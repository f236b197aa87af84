import type { Movie, Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser, seriousViolations, useApp } from './browser.ts';
import { loadCatalogue, startsWith, type Catalogue } from './booking-fixtures.ts';
import { bookInPage } from './payment-fixtures.ts';

// CONTRACT §13 in the browser, on a phone (390 px): "Change seats or time" from My Bookings, to
// cheaper seats (done at once, money back), to dearer ones (the difference paid through the
// sandbox) and to a held-back wheelchair space. Its own app: the bookings here change seat maps other specs count on.
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ env: { SEAT_GAP_RULE: 'on' } });
}, 90_000);
afterAll(() => app?.close());
useApp(() => app.baseURL);

let catalogue: Catalogue;
let shows: Show<Movie>[];
beforeAll(async () => {
  catalogue = await loadCatalogue();
  // Screen 2 (Classic A–C ₹180, Prime D–F ₹250, Recliner G–H ₹400), a day or more ahead.
  shows = catalogue
    .showsOf('sprite-fright')
    .filter((show) => show.status === 'active' && show.showDate > catalogue.today)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
});

const phone = { width: 390, height: 844 };
const shots = '/tmp/ux-shots';

const seat = (page: Page, id: string) => page.getByRole('button', { name: new RegExp(`^${id},`) });
const change = (page: Page) => page.getByRole('region', { name: 'Your change' });

async function payInPage(page: Page, url: string) {
  const paymentId = new URL(url).pathname.split('/').pop()!;
  const status = await page.evaluate(
    (id) => fetch(`/api/payments/${id}/sandbox-pay`, { method: 'POST' }).then((r) => r.status),
    paymentId,
  );
  expect(status).toBe(200);
}

/** Opens My Bookings and the change page of the one booking there. */
async function openChange(page: Page, title: string) {
  await page.goto('/mybookings');
  const card = page.getByRole('main').getByRole('article', { name: title });
  await card.getByRole('link', { name: 'Change seats or time' }).click();
  await page.getByRole('heading', { name: 'Change seats or time', level: 1 }).waitFor();
  await page.getByRole('grid').waitFor();
  return card;
}

describe('changing a booking on a phone', () => {
  it('to cheaper seats: done at once, the difference back, the new seats and ticket in My Bookings (light)', async () => {
    const { page, errors } = await openTestBrowser({
      viewport: phone,
      colorScheme: 'light',
      baseURL: app.baseURL,
    });
    await signUpInPage(page);
    const show = shows[0]!;
    const booked = await bookInPage(page, show._id, ['D5', 'D6']); // Prime: ₹500
    await payInPage(page, booked.url);

    await openChange(page, show.movie.title);
    // The narrowest phone the app serves: nothing scrolls sideways but the seat map inside its box.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${shots}/exchange-top-360-light.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(phone);
    // The booking's own seats start chosen; giving them up for Classic ones says what comes back.
    expect(await seat(page, 'D5').getAttribute('aria-label')).toMatch(/selected/i);
    await seat(page, 'D5').click();
    await seat(page, 'D6').click();
    await change(page).getByText('Choose 2 more seats (0 of 2 chosen).').waitFor();
    await seat(page, 'B5').click();
    await seat(page, 'B6').click();
    await change(page).getByText('You get ₹140 back').waitFor();
    await change(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/exchange-cheaper-light.png` });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await change(page).getByRole('button', { name: 'Confirm change' }).click();
    await page.waitForURL((url) => url.pathname === '/mybookings');
    await page.getByText(/Booking changed\. The difference of ₹140 is being refunded\./).waitFor();
    const card = page.getByRole('main').getByRole('article', { name: show.movie.title });
    await card.getByText('B5, B6').waitFor();
    await card.getByText('₹360').waitFor();
    await page.screenshot({ path: `${shots}/exchange-done-light.png` });
    // The new ticket carries the new seats.
    await card.getByRole('link', { name: 'Ticket' }).click();
    await page.getByText('B5, B6').first().waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('to dearer seats of another show: the difference paid through the sandbox, the old seats kept until then (dark)', async () => {
    const { page, errors } = await openTestBrowser({
      viewport: phone,
      colorScheme: 'dark',
      baseURL: app.baseURL,
    });
    await signUpInPage(page);
    const [show, other] = [shows[1]!, shows[2]!];
    const booked = await bookInPage(page, show._id, ['A3', 'A4']); // Classic: ₹360
    await payInPage(page, booked.url);

    await openChange(page, show.movie.title);
    await page.screenshot({ path: `${shots}/exchange-top-dark.png` });
    await page.getByRole('button', { name: catalogue.dateLabel(other.showDate), exact: true }).click();
    await page
      .getByRole('group', { name: 'Select Show Time' })
      .getByRole('button', { name: startsWith(other.showTime) })
      .click();
    await page.getByRole('grid').waitFor();
    await seat(page, 'G3').click();
    await seat(page, 'G4').click();
    await change(page).getByText('Pay ₹440 more').waitFor();
    await change(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/exchange-dearer-dark.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await change(page).getByRole('button', { name: 'Continue to pay ₹440' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    await page.getByRole('heading', { name: 'Pay the difference' }).waitFor();
    await page.getByText('A3, A4').first().waitFor();
    // Each set of seats beside its own show's date and time: the seats now, and the new ones.
    const seatsNow = page.locator('dt:text-is("Seats now") + dd');
    await expect.poll(() => seatsNow.textContent()).toContain(show.showTime);
    const newSeats = (await page.locator('dt:text-is("New seats") + dd').textContent()) ?? '';
    expect(newSeats).toContain(other.showTime);
    expect(newSeats.replace('G3, G4', '')).not.toBe((await seatsNow.textContent())?.replace('A3, A4', ''));
    await page.screenshot({ path: `${shots}/exchange-pay-dark.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Not paid yet: My Bookings still has the old seats, and says a change waits.
    const payPath = new URL(page.url()).pathname;
    await page.goto('/mybookings');
    const card = page.getByRole('main').getByRole('article', { name: show.movie.title });
    await card.getByText('Change waiting for payment:').waitFor();
    await card.getByText('A3, A4').waitFor();
    expect(await card.getByRole('link', { name: 'Change seats or time' }).count()).toBe(0);
    await page.screenshot({ path: `${shots}/exchange-waiting-dark.png` });
    await card.getByRole('link', { name: 'Pay ₹440' }).click();
    await page.waitForURL((url) => url.pathname === payPath);

    await page.getByRole('button', { name: 'Pay ₹440' }).click();
    await page.waitForURL((url) => url.pathname === '/mybookings', { timeout: 30_000 });
    const after = page.getByRole('main').getByRole('article', { name: show.movie.title });
    await after.getByText('G3, G4').waitFor();
    await after.getByText('₹800').waitFor();
    expect(await after.getByText('Change waiting for payment:').count()).toBe(0);
    await page.screenshot({ path: `${shots}/exchange-paid-dark.png` });
    expect(errors).toEqual([]);
  }, 120_000);

  it('to a wheelchair space and its companion seat, held back until the release, by ticking the box', async () => {
    const { page, errors } = await openTestBrowser({
      viewport: phone,
      colorScheme: 'light',
      baseURL: app.baseURL,
    });
    await signUpInPage(page);
    const show = shows[0]!;
    const booked = await bookInPage(page, show._id, ['F5', 'F6']); // Prime: ₹500
    await payInPage(page, booked.url);

    await openChange(page, show.movie.title);
    // Row E: the wheelchair space E1 and its companion seat E2 (Prime), held back a day ahead.
    await seat(page, 'E1').click();
    await page.getByText(/E1 is held for wheelchair users until .*to change to it\./).waitFor();
    expect(await seat(page, 'E1').getAttribute('aria-label')).not.toMatch(/selected/i);
    await page.getByRole('checkbox', { name: 'I need a wheelchair space' }).check();
    await seat(page, 'F5').click();
    await seat(page, 'F6').click();
    await seat(page, 'E1').click();
    await seat(page, 'E2').click();
    await change(page).getByText('E1, E2').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await change(page).getByRole('button', { name: 'Confirm change' }).click();
    await page.waitForURL((url) => url.pathname === '/mybookings');
    const card = page.getByRole('main').getByRole('article', { name: show.movie.title });
    await card.getByText('E1, E2').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
