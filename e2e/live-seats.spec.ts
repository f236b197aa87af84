import { addDays, type Movie, type Show } from '@marquee/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpInPage } from './accounts.ts';
import { holdSeatsAsAnotherUser, loadCatalogue, openShow, type Catalogue } from './booking-fixtures.ts';
import { openBrowser, recordAnnouncements } from './browser.ts';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
const browsers: Browser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
});

let catalogue: Catalogue;
beforeAll(async () => {
  catalogue = await loadCatalogue();
});

/** Shows of Elephants Dream two days ahead, which no other spec books. */
const elephantsShow = (index: number): Show<Movie> =>
  catalogue.showsOf('elephants-dream').filter((show) => show.showDate === addDays(catalogue.today, 2))[
    index
  ]!;

async function signedInBrowser() {
  const browser = await openBrowser();
  browsers.push(browser);
  await signUpInPage(browser.page);
  return browser;
}

describe('live seat map', () => {
  it("turns seats another user books red within a second, and drops them from this user's selection", async () => {
    const show = elephantsShow(0);
    const [a, b] = await Promise.all([signedInBrowser(), signedInBrowser()]);
    // Everything A's pages say, from the booking page on: its own seats must never be "taken".
    const toldA = await recordAnnouncements(a.page);
    await Promise.all([openShow(a.page, catalogue, show), openShow(b.page, catalogue, show)]);

    // B picks C4 and C6; a marker on B's window proves the page is never reloaded.
    await b.page.getByRole('button', { name: 'C4, available' }).click();
    await b.page.getByRole('button', { name: 'C6, available' }).click();
    await b.page.getByRole('button', { name: 'C4, selected' }).waitFor();
    await b.page.evaluate(() => Object.assign(window, { liveSeatMarker: true }));

    // A books C4 and C5 through the page.
    await a.page.getByRole('button', { name: 'C4, available' }).click();
    await a.page.getByRole('button', { name: 'C5, available' }).click();
    const created = a.page.waitForResponse(
      (response) => response.url().endsWith('/api/bookings/create') && response.status() === 200,
    );
    await a.page
      .getByRole('region', { name: 'Booking Summary' })
      .getByRole('button', { name: 'Book Now' })
      .click();
    await created;
    const bookedAt = Date.now();

    await b.page.getByRole('button', { name: 'C5, booked' }).waitFor({ timeout: 1_000 });
    await b.page.getByRole('button', { name: 'C4, booked' }).waitFor({ timeout: 1_000 });
    expect(Date.now() - bookedAt).toBeLessThan(1_000);
    await b.page.getByText('Seat C4 was just taken by someone else').waitFor();
    await b.page.getByRole('button', { name: 'C6, selected' }).waitFor();
    const summary = b.page.getByRole('region', { name: 'Booking Summary' });
    await summary.getByText('1 ticket ×', { exact: false }).waitFor();
    expect(await summary.getByText('C6', { exact: true }).count()).toBe(1);
    await b.page.getByText('2 seats already booked').waitFor();
    expect(await b.page.evaluate(() => 'liveSeatMarker' in window)).toBe(true);

    // A lands on the payment page, and A's own seats never counted as taken from A.
    await a.page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    expect(toldA.filter((said) => said.includes('was just taken'))).toEqual([]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('shows seats held from outside the browser the moment they are held', async () => {
    const show = elephantsShow(1);
    const viewer = await signedInBrowser();
    await openShow(viewer.page, catalogue, show);
    await viewer.page.getByRole('button', { name: 'F9, available' }).click();
    await holdSeatsAsAnotherUser(show, ['F9', 'F10']);
    await viewer.page.getByRole('button', { name: 'F10, booked' }).waitFor({ timeout: 1_000 });
    await viewer.page.getByText('Seat F9 was just taken by someone else').waitFor();
    expect(await viewer.page.getByRole('region', { name: 'Booking Summary' }).count()).toBe(0);
    await viewer.page.getByText('Available Seats: 94 / 96').waitFor();
  });

  it('refuses a booking of seats taken meanwhile with the server message and keeps the page', async () => {
    const show = elephantsShow(2);
    const viewer = await signedInBrowser();
    await openShow(viewer.page, catalogue, show);
    // No live stream for this page: the taken seat stays selected until Book Now is refused.
    await viewer.page.route('**/events', (route) => route.abort());
    // The refusal is said as an alert beside Book Now until the map, fetched again at once, drops
    // the taken seat from the choice (a toast then says so): on a fast server that is a few
    // milliseconds, too short to catch on screen, so what was announced is recorded instead.
    const told = await recordAnnouncements(viewer.page);
    await viewer.page.reload();
    await openShow(viewer.page, catalogue, show);
    await viewer.page.getByRole('button', { name: 'A2, available' }).click();
    await holdSeatsAsAnotherUser(show, ['A2']);
    await viewer.page
      .getByRole('region', { name: 'Booking Summary' })
      .getByRole('button', { name: 'Book Now' })
      .click();
    await viewer.page.getByRole('button', { name: 'A2, booked' }).waitFor();
    await vi.waitFor(() => expect(told.some((said) => said.includes('Seats already booked: A2'))).toBe(true));
    expect(new URL(viewer.page.url()).pathname).toBe(`/booking/${show.movie._id}`);
  });
});
