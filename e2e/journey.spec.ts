import { addDays, formatRupees, type Movie, type Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, scrollsSideways, signUpInPage } from './accounts.ts';
import { loadCatalogue, openShow, type Catalogue } from './booking-fixtures.ts';
import { openBrowser, seriousViolations, type BrowserOptions } from './browser.ts';
import { acceptDialogs, bookInPage, paymentPath } from './payment-fixtures.ts';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

let catalogue: Catalogue;
beforeAll(async () => {
  catalogue = await loadCatalogue();
});

/** Shows of Spring, which no other spec books: day 2 for the journey, day 3 for the rest. */
const springShow = (day: number, index = 0): Show<Movie> =>
  catalogue.showsOf('spring').filter((show) => show.showDate === addDays(catalogue.today, day))[index]!;

async function open(options?: BrowserOptions) {
  browser = await openBrowser(options);
  return browser.page;
}

const warning = 'Complete payment within 10 minutes or booking will be cancelled!';
const countdown = /^(10:00|[0-9]:[0-5]\d)$/;

const bookingCard = (page: Page, title: string) =>
  page.getByRole('main').getByRole('article', { name: title });

describe('booking and payment journey', () => {
  it('books 8 seats, pays in the sandbox, sees the booking paid and cancels it', async () => {
    const page = await open();
    const dialogs = acceptDialogs(page);
    await signUpInPage(page);
    const show = springShow(2);
    const seats = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8'];
    const total = formatRupees(show.showPrice * seats.length);

    await openShow(page, catalogue, show);
    for (const seat of seats) await page.getByRole('button', { name: `${seat}, available` }).click();
    await page.getByRole('button', { name: 'D9, available' }).click();
    await page.getByText('Maximum 8 seats can be selected').waitFor();
    expect(await page.getByRole('button', { name: 'D9, available' }).count()).toBe(1);

    const summary = page.getByRole('region', { name: 'Booking Summary' });
    await summary.getByText(`8 tickets × ${formatRupees(show.showPrice)}`).waitFor();
    await summary.getByText(total, { exact: true }).waitFor();
    await summary.getByRole('button', { name: 'Book Now' }).click();

    // The whole window goes to the sandbox's payment page, where the warning is read again.
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    await page.getByText(warning).first().waitFor();
    await page.getByRole('note', { name: 'Test payment' }).getByText('This is a test payment.').waitFor();
    expect(await page.getByRole('note', { name: 'Test payment' }).innerText()).toContain('no real money');
    const details = page.getByRole('region', { name: 'Payment' });
    await details.getByText('Spring', { exact: true }).waitFor();
    await details.getByText(show.showTime, { exact: true }).waitFor();
    await details.getByText(seats.join(', '), { exact: true }).waitFor();
    await details.getByText(total, { exact: true }).waitFor();
    expect((await page.getByRole('timer').innerText()).trim()).toMatch(countdown);
    // Live: the digits move without a reload.
    const before = await page.getByRole('timer').innerText();
    await page.waitForFunction(
      (first) => document.querySelector('[role="timer"]')?.textContent !== first,
      before,
    );

    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await page.waitForURL((url) => url.pathname === '/loading');
    expect(pathOf(page)).toBe('/loading?next_url=mybookings');
    const processingSince = Date.now();
    // Paid already: the page says so, not "Processing payment… keep this page open".
    const status = page.getByRole('status').filter({ hasText: 'Payment successful' });
    await status.getByText('Spring (D1, D2, D3, D4, D5, D6, D7, D8)', { exact: false }).waitFor();
    expect(await page.getByText('Processing payment...').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to My Bookings now' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/mybookings', { timeout: 15_000 });
    expect(Date.now() - processingSince).toBeGreaterThanOrEqual(6_000);

    const card = bookingCard(page, 'Spring');
    await card.getByText('Paid', { exact: true }).waitFor();
    await card.getByText(seats.join(', ')).waitFor();
    await card.getByText('8 seats:').waitFor();
    await card.getByText(total, { exact: true }).waitFor();
    await card.getByText('Booked on').waitFor();

    await card.getByRole('button', { name: 'View Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Booking Details' });
    for (const text of ['Show Details', 'Seats', 'Payment', 'Total Amount', 'Status', 'Booking Date']) {
      await modal.getByText(text, { exact: true }).waitFor();
    }
    await modal.getByText('Paid', { exact: true }).waitFor();
    expect(await modal.getByRole('listitem').allTextContents()).toEqual(seats);
    expect(await modal.getByRole('link', { name: 'Complete Payment' }).count()).toBe(0);

    await modal.getByRole('button', { name: 'Cancel Booking' }).click();
    await modal.getByText('Cancelled', { exact: true }).waitFor();
    // The confirm says what comes back (CONTRACT §13): the show is days away, so all of it.
    expect(dialogs).toEqual([
      `Are you sure you want to cancel this booking?\n\nYou will get back ${total} in full.`,
      'Booking cancelled successfully!',
    ]);
    expect(await modal.getByRole('button', { name: 'Cancel Booking' }).count()).toBe(0);
    await modal.getByText(`${total} refunded`).waitFor();
    await page.getByRole('button', { name: 'Close booking details' }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    expect(browser!.errors).toEqual([]);
  });

  it('offers Complete Payment on a pending booking and cancels from the payment page', async () => {
    const page = await open();
    const dialogs = acceptDialogs(page);
    await signUpInPage(page);
    const show = springShow(3);
    const answer = await bookInPage(page, show._id, ['E5', 'E6']);

    await page.goto('/mybookings');
    const card = bookingCard(page, 'Spring');
    await card.getByText('Pending Payment', { exact: true }).waitFor();
    expect((await card.getByRole('timer').innerText()).trim()).toMatch(countdown);
    await card.getByRole('button', { name: 'View Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Booking Details' });
    const complete = modal.getByRole('link', { name: 'Complete Payment' });
    expect(await complete.getAttribute('href')).toBe(answer.url);
    await complete.click();

    await page.waitForURL((url) => url.pathname === paymentPath(answer));
    await page.getByRole('button', { name: `Pay ${formatRupees(show.showPrice * 2)}` }).waitFor();
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.waitForURL((url) => url.pathname === `/booking/${show.movie._id}`);
    expect(dialogs).toEqual(['Are you sure you want to cancel this booking?']);

    // The payment page of a cancelled booking says so and offers the ways on, no Pay button.
    await page.goto(paymentPath(answer));
    await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Choose seats again' }).waitFor();
    await main.getByRole('link', { name: 'My Bookings' }).click();
    await bookingCard(page, 'Spring').getByText('Cancelled', { exact: true }).waitFor();
  });

  it('keeps the booking when the cancel confirm is dismissed', async () => {
    const page = await open();
    await signUpInPage(page);
    const answer = await bookInPage(page, springShow(3, 1)._id, ['F1']);
    const seen: string[] = [];
    page.on('dialog', (dialog) => {
      seen.push(dialog.message());
      void dialog.dismiss();
    });
    const cancelCalls: string[] = [];
    page.on('request', (request) => {
      // The cancel call itself (not, say, the code chunk that quotes the policy).
      if (new URL(request.url()).pathname.match(/^\/api\/bookings\/[^/]+\/cancel$/))
        cancelCalls.push(request.url());
    });
    await page.goto(paymentPath(answer));
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    // The dismissed confirm is answered before click() returns; nothing was sent after it.
    await expect.poll(() => seen).toEqual(['Are you sure you want to cancel this booking?']);
    await page.getByRole('button', { name: 'Cancel Booking' }).waitFor();
    expect(cancelCalls).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(paymentPath(answer));
    await page.getByRole('button', { name: /^Pay / }).waitFor();
  });
});

describe('when the payment window closes', () => {
  it('replaces the Pay button with the expired state and ways on, and the badge turns Expired', async () => {
    const page = await open();
    await signUpInPage(page);
    const answer = await bookInPage(page, springShow(3, 2)._id, ['A11', 'A12']);
    // The page's clock, not the server's, runs ahead: what the visitor sees at 0:00.
    await page.clock.install();
    await page.goto(paymentPath(answer));
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await page.clock.fastForward('10:01');
    await page.getByRole('heading', { name: 'Payment time is up' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Payment time is up');
    await page.getByRole('main').getByRole('link', { name: 'Choose seats again' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'My Bookings' }).click();
    const card = bookingCard(page, 'Spring');
    await card.getByText('Expired', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'View Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Booking Details' });
    await modal.getByText('Expired', { exact: true }).waitFor();
    expect(await modal.getByRole('button', { name: 'Cancel Booking' }).count()).toBe(0);
  });
});

describe('a payment the server refunds', () => {
  it("shows the server's message instead of going on to processing", async () => {
    const page = await open();
    await signUpInPage(page);
    const answer = await bookInPage(page, springShow(3, 2)._id, ['B11']);
    // The late-payment answer (seats released and retaken meanwhile), as the server words it.
    const message =
      'Payment arrived after the seats were released and some were taken; it has been refunded.';
    await page.route('**/sandbox-pay', (route) =>
      route.fulfill({ json: { success: false, status: 'refunded', message } }),
    );
    await page.goto(paymentPath(answer));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Payment refunded' }).waitFor();
    await page.getByText(message).waitFor();
    expect(new URL(page.url()).pathname).toBe(paymentPath(answer));
  });
});

describe('My Bookings', () => {
  it('says when there are no bookings yet', async () => {
    const page = await open();
    await signUpInPage(page);
    await page.goto('/mybookings');
    await page.getByRole('heading', { name: 'No bookings found' }).waitFor();
    await page.getByText("You haven't made any bookings yet").waitFor();
  });

  it('asks a signed-out visitor on /mybooking to sign in, and shows bookings there once signed in', async () => {
    const page = await open();
    await page.goto('/mybooking');
    await page.getByText('Please sign in to view your bookings').waitFor();
    await signUpInPage(page);
    await bookInPage(page, springShow(3, 2)._id, ['G7']);
    await page.goto('/mybooking');
    await bookingCard(page, 'Spring').getByText('Pending Payment', { exact: true }).waitFor();
  });
});

describe('payment page and My Bookings, accessibility and small screens', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violations (${colorScheme})`, async () => {
      const page = await open({ colorScheme });
      await signUpInPage(page);
      const seats = colorScheme === 'light' ? ['H1', 'H2'] : ['H3', 'H4'];
      const answer = await bookInPage(page, springShow(3)._id, seats);
      await page.goto(paymentPath(answer));
      await page.getByRole('button', { name: /^Pay / }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/mybookings');
      const card = bookingCard(page, 'Spring');
      await card.getByText('Pending Payment', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'View Details' }).click();
      await page.getByRole('dialog', { name: 'Booking Details' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('fits a 360px phone without sideways scrolling', async () => {
    const page = await open({ viewport: { width: 360, height: 780 } });
    await signUpInPage(page);
    const answer = await bookInPage(page, springShow(3, 1)._id, ['B1', 'B2', 'B3', 'B4', 'B5', 'B6']);
    await page.goto(paymentPath(answer));
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto('/mybookings');
    const card = bookingCard(page, 'Spring');
    await card.getByText('Pending Payment', { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await card.getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('dialog', { name: 'Booking Details' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });
});
