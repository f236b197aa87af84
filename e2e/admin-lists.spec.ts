import { formatDate, type Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  newUser,
  paidBooking,
  signInAdminInPage,
  soonSlot,
  twoClassScreen,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openBrowser, seriousViolations, settledTable } from './browser.ts';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
let browser: Browser | undefined;
afterEach(async () => {
  expect(browser?.errors ?? []).toEqual([]);
  await browser?.close();
  browser = undefined;
});

let token: string;
let dates: Awaited<ReturnType<typeof cinemaDates>>;
beforeAll(async () => {
  token = await adminToken();
  dates = await cinemaDates();
});
afterAll(() => withdrawCreatedShows(token), 300_000);

async function openAsAdmin(): Promise<Page> {
  browser = await openBrowser();
  await signInAdminInPage(browser.page);
  return browser.page;
}

const toastSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Two shows of one movie on one day, on a two-class screen, each with one paid booking. */
async function twoBookedShows() {
  const movie = await createMovie(token);
  const screen = await twoClassScreen(token, `Lists ${Date.now().toString(36)}`);
  // Soon, so they are over by the end of the run (booked shows cannot be deleted, only cancelled).
  const first = soonSlot(dates.timeZone, 300);
  const second = soonSlot(dates.timeZone, 300 + 4 * 3600);
  const make = async (slot: typeof first) =>
    (
      await callApi<{ shows: Show[] }>(token, 'POST', '/api/shows', {
        movie: movie._id,
        screen: screen._id,
        prices: { Classic: 150, Recliner: 400 },
        dateTimings: [{ date: slot.date, timings: [{ time: slot.time, occupiedSeats: {} }] }],
      })
    ).shows[0]!;
  const [showA, showB] = [await make(first), await make(second)];
  const a = await paidBooking(showA._id, ['A1', 'A2']);
  const b = await paidBooking(showB._id, ['B1']);
  return { movie, screen, showA, showB, a, b };
}

describe('List Shows and Bookings', () => {
  it('shows each show’s screen and price range, and leads to its bookings, filtered by show and date', async () => {
    const { movie, screen, showA, showB, a, b } = await twoBookedShows();
    const page = await openAsAdmin();
    await page.goto(`/admin/all-shows?movie=${movie._id}`);
    const shows = page.getByRole('table', { name: 'Shows' });
    await shows.locator('thead').getByRole('columnheader', { name: 'Screen' }).waitFor();
    const row = shows
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: showA.showTime, exact: true }) });
    await row.getByText('2 sold · 0 held').waitFor();
    expect(await row.getByRole('cell', { name: screen.name, exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: '₹150–₹400', exact: true }).count()).toBe(1);

    // The row's link opens Bookings filtered by that show: its booking, not the other show's.
    await row.getByRole('link', { name: /^1 booking for / }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/admin/bookings' &&
        url.searchParams.get('show') === showA._id &&
        url.searchParams.get('date') === showA.showDate,
    );
    await settledTable(page, 'Bookings');
    const bookings = page.getByRole('table', { name: 'Bookings' });
    await bookings.getByText(a.booking.reference, { exact: true }).waitFor();
    expect(await bookings.locator('tbody tr').count()).toBe(1);
    expect(await bookings.getByText(b.booking.reference, { exact: true }).count()).toBe(0);
    // The spec's first column, with the reference under it.
    expect(await bookings.locator('thead th').first().textContent()).toBe('Booking ID');
    expect(await page.getByLabel('Show date').inputValue()).toBe(showA.showDate);
    const showSelect = page.getByLabel('Show', { exact: true });
    expect(await showSelect.inputValue()).toBe(showA._id);
    expect(await showSelect.locator('option:checked').textContent()).toBe(
      `${showA.showTime} · ${movie.title} · ${screen.name}`,
    );

    // The CSV carries the same filters, and every time in it is on the cinema's clock.
    const href = (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!;
    expect(new URL(href, page.url()).searchParams.get('showId')).toBe(showA._id);
    const csv = await page.evaluate((url) => fetch(url).then((r) => r.text()), href);
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toContain(`Show Time (${dates.timeZone})`);
    expect(header).toContain('Screen,');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`,${screen.name},`);
    expect(lines[0]).toContain(',Sandbox,');

    // The other show, picked by its day and then from that day's shows, lists its booking instead.
    await page.getByLabel('Show date').fill(showB.showDate);
    await showSelect.locator(`option[value="${showB._id}"]`).waitFor({ state: 'attached' });
    await showSelect.selectOption(showB._id);
    await page.waitForURL((url) => url.searchParams.get('show') === showB._id);
    await settledTable(page, 'Bookings');
    await bookings.getByText(b.booking.reference, { exact: true }).waitFor();
    expect(await bookings.getByText(a.booking.reference, { exact: true }).count()).toBe(0);
  });
});

describe('Audit log', () => {
  it('names the show, the booking and the person, with times on the cinema’s clock', async () => {
    const { movie, screen, showB, b } = await twoBookedShows();
    // Moved two hours later, then a booking cancelled: both are in the log.
    const later = soonSlot(dates.timeZone, 300 + 6 * 3600);
    const { show: moved } = await callApi<{ show: Show }>(token, 'PUT', `/api/shows/${showB._id}`, {
      showDate: later.date,
      showTime: later.time,
    });
    await callApi(token, 'PUT', `/api/bookings/${b.booking._id}/cancel`, {});

    const page = await openAsAdmin();
    await page.goto('/admin/audit?action=show.update');
    await settledTable(page, 'Audit log');
    const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    const showName = `${movie.title}, ${formatDate(moved.showDate)}, ${moved.showTime}, ${screen.name}`;
    const edit = rows.filter({ hasText: showName }).first();
    await edit.waitFor();
    // No instant is left as the server stores it.
    expect(await edit.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);

    await page.goto('/admin/audit?action=booking.cancel');
    await settledTable(page, 'Audit log');
    await rows.filter({ hasText: b.booking.reference }).first().waitFor();
  });
});

describe('Users', () => {
  it('asks before a role changes, says what happened, and keeps the keyboard where it was', async () => {
    const { account } = await newUser('Role Candidate');
    const page = await openAsAdmin();
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(account.email);
    const row = page
      .getByRole('table', { name: 'Users' })
      .locator('tbody tr')
      .filter({ hasText: account.email });
    await row.getByText('User', { exact: true }).waitFor();
    const makeStaff = row.getByRole('button', { name: `Make staff: ${account.name}` });
    const roles = async () =>
      (
        await callApi<{ users: { email: string; roles: string[] }[] }>(
          token,
          'GET',
          `/api/admin/users?q=${encodeURIComponent(account.email)}`,
        )
      ).users[0]!.roles;

    expect(await seriousViolations(page)).toEqual([]);

    // Asked first, by name; Escape changes nothing and gives focus back to the button.
    await makeStaff.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Make ${account.name} staff?` });
    await dialog.getByText(account.email, { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await makeStaff.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await roles()).toEqual([]);

    // Confirmed: the server changes it, a toast says so, the badge shows it.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Make staff' }).click();
    await toastSaying(page, `${account.name} is now staff.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Staff', { exact: true }).waitFor();
    const removeStaff = row.getByRole('button', { name: `Remove staff role: ${account.name}` });
    await removeStaff.waitFor();
    expect(await removeStaff.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await roles()).toEqual(['staff']);

    // And the log names the person whose role changed.
    await page.goto('/admin/audit?action=user.set-role');
    await settledTable(page, 'Audit log');
    await page
      .getByRole('table', { name: 'Audit log' })
      .locator('tbody tr')
      .filter({ hasText: `${account.name} (${account.email})` })
      .first()
      .waitFor();
  });
});
