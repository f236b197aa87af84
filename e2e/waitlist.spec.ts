import { gridLayout, type CreateShowsResponse, type ScreenResponse } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  paidBooking,
  soonSlot,
  uniqueTitle,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openTestBrowser, seriousViolations } from './browser.ts';

// CONTRACT §13's waiting list as a buyer meets it on a phone: a sold-out show offers the list, My
// Bookings shows the place in the queue, and when a seat comes free the offer arrives by itself
// (the server's worker) with a way to pay.

const shots = process.env.MARQUEE_SCREENSHOTS;
let admin: string;
let movieId: string;
let showId: string;
let date: string;

beforeAll(async () => {
  admin = await adminToken();
  const { timeZone } = await cinemaDates();
  const movie = await createMovie(admin, uniqueTitle('Waitlist Movie'));
  movieId = movie._id;
  // A screen of two seats, both sold: the show is sold out.
  const { screen } = await callApi<ScreenResponse>(admin, 'POST', '/api/admin/screens', {
    name: uniqueTitle('Tiny').slice(0, 40),
    layout: gridLayout(2),
  });
  const slot = soonSlot(timeZone, 3 * 3600);
  date = slot.date;
  const { shows } = await callApi<CreateShowsResponse>(admin, 'POST', '/api/shows', {
    movie: movieId,
    screen: screen._id,
    prices: { Standard: 180 },
    dateTimings: [{ date, timings: [{ time: slot.time, occupiedSeats: {} }] }],
  });
  showId = shows[0]!._id;
});
afterAll(() => withdrawCreatedShows(admin));

describe('the waiting list', () => {
  it('takes a buyer onto a sold-out show’s list and brings them an offer when a seat comes free', async () => {
    const sold = await paidBooking(showId, ['A1', 'A2']);
    const { page } = await openTestBrowser({ viewport: { width: 390, height: 844 } });
    await signUpInPage(page);
    await page.goto(`/booking/${movieId}?date=${date}&show=${showId}`);
    const list = page.getByRole('form', { name: /^Waiting list for/ });
    await list.waitFor();
    await list.getByLabel('Party of').selectOption('2');
    await list.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText('You are next on the waiting list for 2 seats.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/waitlist-joined-phone.png`, fullPage: true });

    await page.goto('/mybookings');
    const section = page.getByRole('region', { name: 'Waiting lists' });
    await section.getByText('You are next on the waiting list for 2 seats.').waitFor();

    // Staff cancel the sold booking: the seats come free, and the worker makes the offer.
    await callApi(admin, 'PUT', `/api/bookings/${sold.booking._id}/cancel`, { reason: 'Changed plans' });
    await expect
      .poll(
        async () => {
          await page.reload();
          // The list arrives after the page has loaded: wait for the entry, then read its state.
          const held = section.getByText(/^Seats are held for you/);
          await held.or(section.getByText('You are next on the waiting list for 2 seats.')).waitFor();
          return held.isVisible();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/waitlist-offered-phone.png`, fullPage: true });
    await section.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/pay\//);
  }, 180_000);

  it('offers the list to a party best available cannot seat together, on a show not sold out', async () => {
    const { timeZone } = await cinemaDates();
    // One row of four with A2 and A4 sold: two seats left, but not together.
    const { screen } = await callApi<ScreenResponse>(admin, 'POST', '/api/admin/screens', {
      name: uniqueTitle('Row').slice(0, 40),
      layout: gridLayout(4),
    });
    const slot = soonSlot(timeZone, 4 * 3600);
    const { shows } = await callApi<CreateShowsResponse>(admin, 'POST', '/api/shows', {
      movie: movieId,
      screen: screen._id,
      prices: { Standard: 180 },
      dateTimings: [{ date: slot.date, timings: [{ time: slot.time, occupiedSeats: {} }] }],
    });
    const rowShow = shows[0]!._id;
    await paidBooking(rowShow, ['A2', 'A4']);
    const { page } = await openTestBrowser({ viewport: { width: 390, height: 844 } });
    await signUpInPage(page);
    await page.goto(`/booking/${movieId}?date=${slot.date}&show=${rowShow}`);
    const best = page.getByRole('form', { name: 'Best available' });
    await best.getByLabel('Seats').selectOption('2');
    await best.getByRole('button', { name: 'Find best seats' }).click();
    await best.getByRole('alert').filter({ hasText: 'No 2 seats together' }).waitFor();
    await best.getByRole('button', { name: 'Join the waiting list for 2 seats' }).click();
    await best.getByText('You are next on the waiting list for 2 seats.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/waitlist-party-phone.png`, fullPage: true });
  }, 120_000);
});
