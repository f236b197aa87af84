import { formatRupees, type Movie, type Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, signUpInPage } from './accounts.ts';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  createShows,
  paidBooking,
  signInAdminInPage,
  soonSlot,
  uniqueTitle,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { loadCatalogue, openShow } from './booking-fixtures.ts';
import { openBrowser, seriousViolations, settledTable, type BrowserOptions } from './browser.ts';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
let browser: Browser | undefined;
afterEach(async () => {
  expect(browser?.errors ?? []).toEqual([]);
  await browser?.close();
  browser = undefined;
});

let token: string;
let dates: Awaited<ReturnType<typeof cinemaDates>>;
/** Shows that get bookings, made first and starting soon so they are over when the file ends. */
let booked: {
  listMovie: Movie;
  listSlot: ReturnType<typeof soonSlot>;
  listShow: Show;
  dashboardShow: Show;
};
beforeAll(async () => {
  token = await adminToken();
  dates = await cinemaDates();
  // Long enough for the tests that edit and book them to run first.
  const listSlot = soonSlot(dates.timeZone, 100);
  const listMovie = await createMovie(token);
  const [listShow] = await createShows(token, listMovie._id, listSlot.date, [listSlot.time]);
  const dashboardMovie = await createMovie(token);
  const [dashboardShow] = await createShows(token, dashboardMovie._id, listSlot.date, [listSlot.time], 150);
  booked = { listMovie, listSlot, listShow: listShow!, dashboardShow: dashboardShow! };
});
afterAll(() => withdrawCreatedShows(token), 300_000);

async function openAsAdmin(options?: BrowserOptions): Promise<Page> {
  browser = await openBrowser(options);
  await signInAdminInPage(browser.page);
  return browser.page;
}

/** The toast (or any alert) that says exactly `text`. */
const toastSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Waits until the table's region no longer shows the previous rows while new ones load. */
const settled = settledTable;

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

/** The text of the named dashboard card's value. */
async function cardValue(page: Page, title: string): Promise<string> {
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  return (await card.locator('p').first().textContent()) ?? '';
}

describe('Add Movie', () => {
  it('refuses a movie without Title and Year, then adds it to the catalogue', async () => {
    const page = await openAsAdmin();
    await page.goto('/admin/add-movie');
    const form = page.getByRole('form', { name: 'Add Movie' });
    await form.getByRole('button', { name: 'Add Movie' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Year is required').waitFor();
    expect(await focusedName(page)).toBe('Title');
    const title = page.getByLabel('Title', { exact: false }).first();
    expect(await title.getAttribute('aria-invalid')).toBe('true');

    const name = uniqueTitle('Monsoon Nights');
    await title.fill(name);
    await form.getByLabel('Year').fill('2025');
    await form.getByLabel('Genre').fill('Romance, Drama');
    await form.getByLabel('Director').fill('A. Director');
    await form.getByLabel('Plot').fill('Two strangers share an umbrella.');
    await form.getByLabel('Poster URL').fill('not a url');
    await form.getByRole('button', { name: 'Add Movie' }).click();
    await form.getByText('Poster must be a URL').waitFor();
    expect(await focusedName(page)).toBe('Poster');
    await form.getByLabel('Poster URL').fill('https://images.example.com/monsoon.jpg');
    await form.getByLabel('Featured on the home page').check();
    await form.getByRole('button', { name: 'Add Movie' }).click();

    await toastSaying(page, 'Movie added successfully!').waitFor();
    expect(await title.inputValue()).toBe('');
    expect(await form.getByLabel('Featured on the home page').isChecked()).toBe(false);

    const response = await fetch(new URL('/api/movies', page.url()));
    const { movies } = (await response.json()) as { movies: Movie[] };
    const added = movies.find((movie) => movie.title === name)!;
    expect(added).toMatchObject({ Year: '2025', Director: 'A. Director', featured: true });
    await page.goto(`/booking/${added._id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });
});

describe('Add Show', () => {
  it('builds a draft (sorted, duplicates and taken slots refused), adds the shows and lists them', async () => {
    const movie = await createMovie(token);
    // Past the seeded days: these shows go on the default screen, whose seeded programme fills
    // the seeded days (a screen never has two overlapping shows, CONTRACT §7).
    const day1 = dates.inDays(4);
    const day2 = dates.inDays(5);
    const page = await openAsAdmin();
    await page.goto('/admin/add-show');
    const form = page.getByRole('form', { name: 'Add Show' });
    const addTime = form.getByRole('button', { name: 'Add Time' });
    const dateTime = form.getByLabel('Date and time');

    expect(await form.getByLabel('Total Seats').inputValue()).toBe('100');
    expect(await dateTime.getAttribute('min')).toMatch(new RegExp(`^${dates.today}T\\d{2}:\\d{2}$`));

    await addTime.click();
    await form.getByText('Please select a movie first').waitFor();
    expect(await focusedName(page)).toBe('movie');
    await form.getByLabel('Movie').selectOption(movie._id);
    await addTime.click();
    await form.getByText('Please select a date and time').waitFor();

    await dateTime.fill(`${day1}T19:30`);
    await addTime.click();
    await toastSaying(page, 'Show time added successfully!').waitFor();
    await dateTime.fill(`${day1}T10:00`);
    await addTime.click();
    await dateTime.fill(`${day2}T13:15`);
    await addTime.click();
    const draft = page.getByRole('region', { name: 'Selected show times' });
    await draft.getByText('1:15 PM').waitFor();
    const day1Times = draft
      .getByRole('listitem')
      .filter({ hasText: '7:30 PM' })
      .first()
      .getByRole('listitem');
    expect(await day1Times.allTextContents()).toEqual(['10:00 AM', '7:30 PM']);

    await dateTime.fill(`${day1}T19:30`);
    await addTime.click();
    await form.getByText('This timing already exists for the selected date').waitFor();
    expect(await dateTime.getAttribute('aria-invalid')).toBe('true');

    // Each time and each date can go.
    await draft.getByRole('button', { name: /^Remove 1:15 PM on / }).click();
    expect(await draft.getByText('1:15 PM').count()).toBe(0);
    await dateTime.fill(`${day2}T13:15`);
    await addTime.click();
    await draft.getByText('1:15 PM').waitFor();
    await draft
      .getByRole('button', { name: /and its times$/ })
      .last()
      .click();
    expect(await draft.getByText('1:15 PM').count()).toBe(0);

    await form.getByRole('button', { name: 'Add Show' }).click();
    await form.getByText('Please enter a valid show price').waitFor();
    expect(await focusedName(page)).toBe('showPrice');
    await form.getByLabel('Show Price (₹)').fill('275');
    await form.getByLabel('Total Seats').fill('96');
    await form.getByRole('button', { name: 'Add Show' }).click();
    await toastSaying(page, '2 shows added successfully').waitFor();
    await draft.getByText('No times added yet.', { exact: false }).waitFor();

    // The slot now exists: the server's check refuses it before it reaches the draft.
    await dateTime.fill(`${day1}T19:30`);
    await addTime.click();
    await form.getByText('This time slot is already booked for the selected movie').waitFor();
    await form.getByRole('button', { name: 'Add Show' }).click();
    await form.getByText('Please add at least one date with timings').waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'List Shows' }).click();
    await page.getByRole('heading', { name: 'List Shows' }).waitFor();
    await page.getByLabel('Movie', { exact: true }).selectOption(movie._id);
    await page.waitForURL((url) => url.searchParams.get('movie') === movie._id);
    await settled(page, 'Shows');
    const rows = page.getByRole('table', { name: 'Shows' }).locator('tbody tr');
    await rows.filter({ hasText: '7:30 PM' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('10:00 AM');
    expect(await rows.first().textContent()).toContain(formatRupees(275));
    expect(await rows.first().getByText('Active', { exact: true }).count()).toBe(1);
    expect(pathOf(page)).toBe(`/admin/all-shows?movie=${movie._id}`);

    // Bookable on the public page.
    const catalogue = await loadCatalogue();
    const { shows } = await callApi<{ shows: Show<Movie>[] }>(token, 'GET', `/api/shows/movie/${movie._id}`);
    expect(shows.map((show) => `${show.showDate} ${show.showTime}`)).toEqual([
      `${day1} 10:00 AM`,
      `${day1} 7:30 PM`,
    ]);
    await openShow(page, catalogue, shows[1]!);
    await page.getByText('Available Seats: 96 / 96').waitFor();
  });
});

describe('List Shows', () => {
  it('edits, deletes an unbooked show, and cancels a booked one, refunding its paid booking', async () => {
    const { listMovie: movie, listSlot, listShow } = booked;
    const bookedTime = listSlot.time;
    // Two unbooked shows on another day, at times the booked one cannot share.
    const [deletable, kept] = ['11:00 AM', '9:00 PM', '11:30 AM', '9:30 PM'].filter(
      (time) => time !== bookedTime,
    );
    await createShows(token, movie._id, dates.inDays(4), [deletable!, kept!]);
    const { account, booking } = await paidBooking(listShow._id, ['C5', 'C6']);
    expect(booking.amount).toBe(400);

    const page = await openAsAdmin();
    await page.goto(`/admin/all-shows?movie=${movie._id}`);
    const table = page.getByRole('table', { name: 'Shows' });
    // A time alone in its cell: '1:00 AM' must not find the row of '11:00 AM'.
    const row = (time: string) =>
      table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: time, exact: true }) });
    await row(bookedTime).getByText('2 sold · 0 held').waitFor();
    // Only shows nobody booked can be deleted.
    expect(
      await row(bookedTime)
        .getByRole('button', { name: /^Delete / })
        .count(),
    ).toBe(0);
    expect(
      await row(deletable!)
        .getByRole('button', { name: /^Delete / })
        .count(),
    ).toBe(1);

    // Edit: a server refusal is shown in the dialog, then a good change goes through.
    await row(bookedTime)
      .getByRole('button', { name: /^Edit / })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Edit show/ });
    // Its seats are its screen's (CONTRACT §7): no size of its own to edit.
    await dialog.getByText(/^96 seats, as the layout of E2E Screen/).waitFor();
    expect(await dialog.getByLabel('Total Seats').count()).toBe(0);
    // Before saving, the dialog says who a move would email.
    await dialog.getByText('1 paid booking: moving the show emails its buyer.').waitFor();
    const start = dialog.getByLabel('Date and time');
    const startValue = await start.inputValue();
    await start.fill(`${dates.inDays(-1)}T10:00`);
    await dialog.getByText('1 paid booking will be emailed about this change', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('A show cannot be moved into the past').waitFor();
    await start.fill(startValue);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Nothing has changed').waitFor();
    await dialog.getByLabel('Show Price (₹)').fill('220');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastSaying(page, 'Show updated').waitFor();
    await row(bookedTime).getByText(formatRupees(220)).waitFor();

    // Delete the unbooked one.
    await row(deletable!)
      .getByRole('button', { name: /^Delete / })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete this show?' })
      .getByRole('button', { name: 'Delete Show' })
      .click();
    await toastSaying(page, 'Show deleted').waitFor();
    await row(deletable!).waitFor({ state: 'detached' });

    // Cancel the booked one.
    await row(bookedTime)
      .getByRole('button', { name: /^Cancel / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this show?' });
    await confirm.getByText('paid ones are refunded', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel Show' }).click();
    await toastSaying(page, 'Show cancelled. 1 booking cancelled, 1 refunded').waitFor();
    await row(bookedTime).getByText('Cancelled', { exact: true }).waitFor();
    expect(
      await row(bookedTime)
        .getByRole('button', { name: /^Cancel / })
        .isDisabled(),
    ).toBe(true);
    expect(await row(kept!).getByText('Active', { exact: true }).count()).toBe(1);

    // The booking is cancelled and refunded in Bookings.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).click();
    await page.getByLabel('Search bookings').fill(account.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const bookings = page.getByRole('table', { name: 'Bookings' }).locator('tbody tr');
    await page.waitForURL((url) => url.searchParams.get('q') === account.email);
    await settled(page, 'Bookings');
    await bookings.first().getByText('Cancelled', { exact: true }).waitFor();
    expect(await bookings.count()).toBe(1);
    const text = await bookings.first().textContent();
    for (const part of [movie.title, account.name, account.email, 'C5, C6', bookedTime, formatRupees(400)]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Refunded ₹400|Refund pending ₹400/);

    // The CSV link carries the search.
    const csvLink = page.getByRole('link', { name: 'Export CSV' });
    const href = (await csvLink.getAttribute('href'))!;
    expect(href).toBe(`/api/admin/bookings.csv?q=${encodeURIComponent(account.email)}`);
    const csv = await page.evaluate((url) => fetch(url).then((r) => r.text()), href);
    expect(csv).toContain(booking._id);
    expect(csv.trim().split('\n')).toHaveLength(2);

    // And the cancellation is in the audit log, by the admin.
    await page.goto('/admin/audit');
    await page.getByLabel('Action', { exact: true }).selectOption('show.cancel');
    await page.waitForURL((url) => url.searchParams.get('action') === 'show.cancel');
    await settled(page, 'Audit log');
    const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    // Only cancellations are listed, this one first.
    expect(await rows.count()).toBe(await rows.filter({ hasText: 'Cancelled bookings:' }).count());
    const entry = rows.first();
    await entry.getByText('Cancelled bookings: 1').waitFor();
    expect(await entry.textContent()).toContain('admin@marquee.test');
  });
});

describe('Dashboard', () => {
  it('counts a paid booking in Total Bookings and Revenue', async () => {
    const show = booked.dashboardShow;
    const page = await openAsAdmin();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    const before = {
      bookings: Number(await cardValue(page, 'Total Bookings')),
      revenue: await cardValue(page, 'Revenue'),
    };
    const dashboard = await callApi<{ dashboardData: { totalRevenue: number; totalMovies: number } }>(
      token,
      'GET',
      '/api/admin/dashboard',
    );
    expect(before.revenue).toBe(formatRupees(dashboard.dashboardData.totalRevenue));
    await page.getByText(`${dashboard.dashboardData.totalMovies} total movies available`).waitFor();
    await page.getByText('System Status Online').waitFor();
    // The trend lines set today against the same weekday last week.
    await page.getByText(/^\d+ paid today, \d+ by this time last \w+day$/).waitFor();
    await page.getByText(/^Bookings paid for now/).waitFor();

    await paidBooking(show!._id, ['A1', 'A2', 'A3']);
    await page.reload();
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    expect(Number(await cardValue(page, 'Total Bookings'))).toBe(before.bookings + 1);
    expect(await cardValue(page, 'Revenue')).toBe(formatRupees(dashboard.dashboardData.totalRevenue + 450));
  });

  it('shows "Error: …" when the figures cannot be fetched', async () => {
    const page = await openAsAdmin();
    await page.route('**/api/admin/dashboard', (route) =>
      route.fulfill({ status: 503, body: 'gateway down', contentType: 'text/plain' }),
    );
    await page.goto('/admin');
    await page.getByText('Error: Failed to fetch dashboard data').waitFor();
  });
});

describe('access', () => {
  it('sends a non-admin away, and the server refuses them too', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signUpInPage(page);
    await page.goto('/admin/all-shows');
    await page.getByText('Not authorized', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/');
    const status = await page.evaluate(() => fetch('/api/admin/bookings').then((r) => r.status));
    expect(status).toBe(403);
  });
});

const adminPages = [
  { path: '/admin', heading: 'Dashboard Overview', name: 'dashboard' },
  { path: '/admin/movies', heading: 'Movies', name: 'movies' },
  { path: '/admin/add-movie', heading: 'Add Movie', name: 'add-movie' },
  { path: '/admin/add-show', heading: 'Add Show', name: 'add-show' },
  { path: '/admin/all-shows', heading: 'List Shows', name: 'all-shows' },
  { path: '/admin/bookings', heading: 'Bookings', name: 'bookings' },
  { path: '/admin/users', heading: 'Users', name: 'users' },
  { path: '/admin/refunds', heading: 'Refunds', name: 'refunds' },
  { path: '/admin/shifts', heading: 'Shifts', name: 'shifts' },
  { path: '/admin/reports/gst', heading: 'GST report', name: 'gst-report' },
  { path: '/admin/audit', heading: 'Audit Log', name: 'audit' },
  { path: '/admin/settings', heading: 'Settings', name: 'settings' },
];

describe('every admin page', () => {
  // The tests before these leave bookings and shows, so tables (not only empty states) are checked.
  // One test per theme and width, each with its own time: forty-odd axe checks in one test ran
  // past any sensible limit on a busy machine.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 800]) {
      it(`has no serious accessibility problems (${theme}, ${width} px wide)`, async () => {
        const page = await openAsAdmin({ viewport: { width, height: 900 }, colorScheme: theme });
        for (const { path, heading, name } of adminPages) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
          // Every loading state gone (the dashboard has two: its figures and its charts).
          await expect.poll(() => page.getByRole('status').count()).toBe(0);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(
            theme === 'dark',
          );
          expect({ path, theme, width, violations: await seriousViolations(page) }).toEqual({
            path,
            theme,
            width,
            violations: [],
          });
          if (process.env.ADMIN_SCREENSHOTS) {
            await page.screenshot({ path: `/tmp/admin-${name}-${width}-${theme}.png`, fullPage: true });
          }
        }
      }, 120_000);
    }
  }

  it('keeps the links named with the sidebar collapsed to icons at 800 px', async () => {
    const page = await openAsAdmin({ viewport: { width: 800, height: 900 } });
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Dashboard', 'Add Movie', 'Add Show', 'List Shows', 'Bookings', 'Audit Log']) {
      const link = nav.getByRole('link', { name, exact: true });
      await link.waitFor();
      expect(await link.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(64);
    }
    expect(
      await nav.getByText('Audit Log').evaluate((el) => el.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  it('fits every link above Sign Out on a 1366 × 768 laptop, the box office last, nothing scrolled', async () => {
    const page = await openAsAdmin({ viewport: { width: 1366, height: 768 } });
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const last = (await nav.getByRole('link', { name: 'Box office' }).boundingBox())!;
    const signOut = (await page.getByRole('button', { name: 'Sign Out' }).boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(signOut.y);
    expect(await nav.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  });
});
