import { addDays, formatRupees, type CreateShowsResponse, type Movie, type Show } from '@marquee/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUpInPage } from './accounts.ts';
import { adminToken, callApi, cinemaDates, createMovie, withdrawCreatedShows } from './admin-fixtures.ts';
import {
  holdSeatsAsAnotherUser,
  loadCatalogue,
  openShow,
  startsWith,
  type Catalogue,
} from './booking-fixtures.ts';
import { openTestBrowser, seriousViolations, type Browser, type BrowserOptions } from './browser.ts';

let catalogue: Catalogue;
let today: string;
beforeAll(async () => {
  catalogue = await loadCatalogue();
  ({ today } = catalogue);
});

const movie = (slug: string) => catalogue.movie(slug);
const showsOf = (slug: string) => catalogue.showsOf(slug);
const expectedDateLabel = (date: string) => catalogue.dateLabel(date);

/** Tomorrow's first Sintel show: every show of tomorrow is still ahead, whatever the hour. */
const sintelTomorrow = () => showsOf('sintel').find((show) => show.showDate === addDays(today, 1))!;

// The running test's browser, for its checks of uncaught errors.
let browser: Browser | undefined;
async function open(options?: BrowserOptions) {
  browser = await openTestBrowser(options);
  return browser.page;
}

describe('booking page, signed out', () => {
  it('shows the movie, its dates in order with relative labels, and asks for a show time', async () => {
    const page = await open();
    const sintel = movie('sintel');
    await page.goto(`/booking/${sintel._id}`);
    await page.getByRole('heading', { level: 1, name: 'Sintel' }).waitFor();
    for (const text of ['Ratings', 'Runtime', 'Rated', 'Director', 'Language', 'Cast', sintel.Director]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByText(catalogue.cinemaName, { exact: true }).waitFor();

    const dates = [...new Set(showsOf('sintel').map((show) => show.showDate))].sort();
    expect(dates.length).toBeGreaterThanOrEqual(3);
    const dateButtons = page.getByRole('group', { name: 'Select Date' }).getByRole('button');
    await dateButtons.first().waitFor();
    expect(await dateButtons.allTextContents()).toEqual(dates.map(expectedDateLabel));
    expect(await dateButtons.allTextContents()).toContain('Tomorrow');

    // Today when it still has shows (the spec's default), else the first date that has any.
    const defaultDate = dates.includes(today) ? today : dates[0]!;
    const pressed = page.getByRole('group', { name: 'Select Date' }).getByRole('button', { pressed: true });
    expect(await pressed.allTextContents()).toEqual([expectedDateLabel(defaultDate)]);
    await page.getByText('Please select a show time to continue').waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(browser!.errors).toEqual([]);
  });

  it('shows the seat map for a chosen date and time, and clears it for a new date', async () => {
    const page = await open();
    const tomorrow = addDays(today, 1);
    const show = showsOf('sintel').find((candidate) => candidate.showDate === tomorrow)!;
    await page.goto(`/booking/${show.movie._id}`);
    const tomorrowButton = page.getByRole('button', { name: 'Tomorrow', exact: true });
    await tomorrowButton.click();
    expect(await tomorrowButton.getAttribute('aria-pressed')).toBe('true');

    const times = page.getByRole('group', { name: 'Select Show Time' }).getByRole('button');
    const expectedTimes = showsOf('sintel').filter((candidate) => candidate.showDate === tomorrow);
    expect(await times.count()).toBe(expectedTimes.length);
    const timeButton = times.filter({ hasText: show.showTime }).first();
    expect(await timeButton.textContent()).toContain('₹');
    expect(await timeButton.textContent()).toContain('96 seats left');
    await timeButton.click();

    const grid = page.getByRole('grid');
    await grid.waitFor();
    expect(await grid.getByRole('row').count()).toBe(8);
    expect(await grid.getByRole('rowheader').allTextContents()).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
    ]);
    expect(await grid.getByRole('gridcell').count()).toBe(96);
    await grid.getByRole('button', { name: 'H12, available' }).waitFor();
    await page.getByText('Available Seats: 96 / 96').waitFor();
    await page.getByText('0 seats already booked').waitFor();
    await page.getByText('Screen', { exact: true }).waitFor();
    for (const key of ['Available', 'Selected', 'Booked']) {
      await page.getByRole('list', { name: 'Seat legend' }).getByText(key, { exact: true }).waitFor();
    }
    const detail = page.getByRole('region', { name: 'Selected Show' });
    await detail.getByText(show.showTime).waitFor();
    await detail.getByText('Sintel').waitFor();
    expect(await page.getByText('Please select a show time to continue').count()).toBe(0);

    // A new date clears the time and the seat map.
    const otherDate = page
      .getByRole('group', { name: 'Select Date' })
      .getByRole('button', { pressed: false })
      .first();
    await otherDate.click();
    await page.getByText('Please select a show time to continue').waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(browser!.errors).toEqual([]);
  });

  it('disables the sold-out and the cancelled show and says why', async () => {
    // Shows an hour or more ahead (the seeded ones): a show another spec file cancelled on this
    // server may still be listed when the catalogue loads and have started by the time it is used.
    const ahead = (show: Show<Movie>) => Date.parse(show.startsAt) > Date.now() + 3_600_000;
    const soldOut = catalogue.shows.find((show) => show.status === 'sold-out' && ahead(show))!;
    const cancelled = catalogue.shows.find((show) => show.status === 'cancelled' && ahead(show))!;
    expect(soldOut).toBeDefined();
    expect(cancelled).toBeDefined();
    const page = await open();
    for (const [show, label] of [
      [soldOut, 'Sold Out'],
      [cancelled, 'Cancelled'],
    ] as const) {
      await page.goto(`/booking/${show.movie._id}`);
      await page.getByRole('button', { name: expectedDateLabel(show.showDate), exact: true }).click();
      const button = page
        .getByRole('group', { name: 'Select Show Time' })
        .getByRole('button', { name: startsWith(show.showTime) });
      expect(await button.textContent()).toContain(label);
      expect(await button.isDisabled()).toBe(true);
    }
  });

  it("says the seats are loading rather than drawing a stand-in map before the show's own", async () => {
    const show = showsOf('sprite-fright').find((candidate) => candidate.showDate === addDays(today, 1))!;
    const page = await open();
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    // The seats and their live stream both wait, so neither can draw the map early.
    await page.route('**/api/bookings/seats/**', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`/booking/${show.movie._id}`);
    await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
    await page
      .getByRole('group', { name: 'Select Show Time' })
      .getByRole('button', { name: startsWith(show.showTime) })
      .click();
    await page
      .getByRole('region', { name: 'Select Seats' })
      .getByRole('status')
      .getByText('Loading seats...')
      .waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    release();
    // Screen 2's own map: an aisle after the sixth seat, a wheelchair space at each end of row E.
    const grid = page.getByRole('grid');
    await grid.waitFor();
    await grid.getByRole('button', { name: /^E1, .*wheelchair/i }).waitFor();
    expect(await page.getByText('Loading seats...').count()).toBe(0);
    expect(browser!.errors).toEqual([]);
  });

  it('shows seats someone else holds as booked, and they do nothing when clicked', async () => {
    // A show no other test picks, so its counts are this test's alone.
    const show = showsOf('tears-of-steel').at(-1)!;
    await holdSeatsAsAnotherUser(show, ['G3', 'G4']);
    const page = await open();
    await openShow(page, catalogue, show);
    const booked = page.getByRole('button', { name: 'G3, booked' });
    expect(await booked.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'G4, booked' }).waitFor();
    await page.getByText('Available Seats: 94 / 96').waitFor();
    await page.getByText('2 seats already booked').waitFor();
    await booked.click({ force: true });
    // Clicks are handled in order: a free seat's click (signed out, it asks to sign in and keeps
    // the seat in the address) shows that the booked seat's click, before it, did nothing.
    await page.getByRole('button', { name: 'G5, available' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    const back = new URL(new URL(page.url()).searchParams.get('redirect')!, page.url());
    expect(back.pathname).toBe(`/booking/${show.movie._id}`);
    expect(back.search).toContain('G5');
    expect(back.search).not.toContain('G3');
  });

  it('moves through the seat grid with the keyboard, one tab stop for the whole map', async () => {
    const page = await open();
    await openShow(page, catalogue, sintelTomorrow());
    const grid = page.getByRole('grid');
    expect(await grid.getAttribute('aria-label')).toMatch(/^Seats for /);
    expect(await grid.locator('button[tabindex="0"]').count()).toBe(1);

    await grid.getByRole('button', { name: 'A1, available' }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('A2, available');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('B2, available');
    await page.keyboard.press('End');
    expect(await focused()).toBe('B12, available');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('B12, available');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('B1, available');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('A1, available');

    // The focused seat is the tab stop: leaving the grid and coming back lands on it.
    await page.keyboard.press('ArrowDown');
    expect(await grid.locator('button[tabindex="0"]').getAttribute('aria-label')).toBe('B1, available');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('B1, available');

    // Enter on a seat while signed out goes to sign-in, like a click.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });

  it('keeps the date, time and clicked seat through sign-up and a reload', async () => {
    const page = await open();
    const show = sintelTomorrow();
    await openShow(page, catalogue, show);
    await page.getByText('You can view seats but need to login to book tickets').waitFor();
    await page.getByRole('button', { name: 'C5, available' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByText('Please login to proceed with booking').waitFor();
    const back = new URL(new URL(page.url()).searchParams.get('redirect')!, page.url());
    expect(back.pathname).toBe(`/booking/${show.movie._id}`);

    // Sign up through the forms, as a newcomer would.
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-up');
    const account = newAccount('Seat Keeper');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page
      .getByRole('main')
      .getByRole('button', { name: /sign up|create account/i })
      .click();
    await page.waitForURL((url) => url.pathname === back.pathname);

    const expectChoiceKept = async () => {
      await page.getByRole('button', { name: 'C5, selected' }).waitFor();
      const dateButton = page.getByRole('button', { name: 'Tomorrow', exact: true });
      expect(await dateButton.getAttribute('aria-pressed')).toBe('true');
      const time = page
        .getByRole('group', { name: 'Select Show Time' })
        .getByRole('button', { name: startsWith(show.showTime) });
      expect(await time.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('region', { name: 'Booking Summary' }).getByText('C5').waitFor();
    };
    await expectChoiceKept();
    await page.reload();
    await expectChoiceKept();

    // A seat chosen on the page, signed in, is in the address too: a reload keeps both.
    await page.getByRole('button', { name: 'C6, available' }).click();
    await page.waitForURL((url) => url.searchParams.get('seats') === 'C5,C6');
    await page.reload();
    await expectChoiceKept();
    await page.getByRole('button', { name: 'C6, selected' }).waitFor();
    await page.getByRole('region', { name: 'Booking Summary' }).getByText('C5, C6').waitFor();
  });

  it('keeps a seat of a two-letter row in the address (AB3 on a 400-seat show) across a reload', async () => {
    const token = await adminToken();
    const { inDays } = await cinemaDates();
    const film = await createMovie(token);
    try {
      // The spec's map of 400 seats on the default screen: rows A–Z, then AA–AH.
      const { shows } = await callApi<CreateShowsResponse>(token, 'POST', '/api/shows', {
        movie: film._id,
        showPrice: 150,
        totalSeats: 400,
        dateTimings: [{ date: inDays(20), timings: ['2:00 AM'] }],
      });
      const show = shows[0]!;
      const page = await open();
      await page.goto(`/booking/${film._id}?date=${show.showDate}&show=${show._id}&seats=AB3,C4`);
      const expectBothKept = async () => {
        await page.getByRole('button', { name: 'AB3, selected' }).waitFor();
        await page.getByRole('button', { name: 'C4, selected' }).waitFor();
        await page.getByRole('region', { name: 'Booking Summary' }).getByText('C4, AB3').waitFor();
      };
      await expectBothKept();
      await page.reload();
      await expectBothKept();
      expect(new URL(page.url()).searchParams.get('seats')).toBe('C4,AB3');
    } finally {
      await withdrawCreatedShows(token);
    }
  });

  it('sends Login Now and the favourite heart to sign-in with the way back', async () => {
    const page = await open();
    const show = sintelTomorrow();
    const expected = `?redirect=${encodeURIComponent(`/booking/${show.movie._id}`)}`;
    await openShow(page, catalogue, show);
    await page.getByRole('link', { name: 'Login Now' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    // The way back holds the date and show picked.
    const back = new URL(new URL(page.url()).searchParams.get('redirect')!, page.url());
    expect(back.pathname).toBe(`/booking/${show.movie._id}`);
    expect(back.searchParams.get('show')).toBe(show._id);
    expect(back.searchParams.get('date')).toBe(show.showDate);

    await page.goto(`/booking/${show.movie._id}`);
    const heart = page.getByRole('button', { name: 'Favourite Sintel' });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).search).toBe(expected);
    // The heart's reason is favourites, not booking.
    await page.getByText('Please login to add favourites').waitFor();
    expect(await page.getByText('Please login to proceed with booking').count()).toBe(0);
  });

  it('shows the error and a way back for a movie that does not exist', async () => {
    const page = await open();
    await page.goto('/booking/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').filter({ hasText: 'Movie not found' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violations with the seat map open (${colorScheme})`, async () => {
      const page = await open({ colorScheme });
      await openShow(page, catalogue, sintelTomorrow());
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('fits a 360px phone: the page never scrolls sideways, the whole row is in view', async () => {
    const page = await open({ viewport: { width: 360, height: 800 } });
    await openShow(page, catalogue, sintelTomorrow());
    const pageScroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageScroll).toBeLessThanOrEqual(0);
    const seat = await page.getByRole('button', { name: 'A1, available' }).boundingBox();
    // Twelve seats share the width: each still a 24 px target (WCAG 2.5.8).
    expect(seat!.width).toBeGreaterThanOrEqual(24);
    expect(seat!.height).toBeGreaterThanOrEqual(24);
    // Arrowing to the far end finds the last seat in view.
    await page.getByRole('button', { name: 'A1, available' }).focus();
    await page.keyboard.press('End');
    const last = await page.getByRole('button', { name: 'A12, available' }).boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});

describe('booking page, signed in', () => {
  it('selects up to 8 seats, refuses the 9th and sums the booking', async () => {
    const page = await open();
    await signUpInPage(page);
    const show = showsOf('cosmos-laundromat').find((candidate) => candidate.showDate === addDays(today, 2))!;
    await openShow(page, catalogue, show);
    expect(await page.getByText('You can view seats but need to login to book tickets').count()).toBe(0);

    const seats = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'];
    for (const seat of seats) await page.getByRole('button', { name: `${seat}, available` }).click();
    for (const seat of seats) await page.getByRole('button', { name: `${seat}, selected` }).waitFor();
    const summary = page.getByRole('region', { name: 'Booking Summary' });
    await summary.getByText(seats.join(', ')).waitFor();
    await summary.getByText(`8 tickets × ${formatRupees(show.showPrice)}`).waitFor();
    await summary.getByText(formatRupees(show.showPrice * 8), { exact: true }).waitFor();

    await page.getByRole('button', { name: 'A9, available' }).click();
    await page.getByText('Maximum 8 seats can be selected').waitFor();
    expect(await page.getByRole('button', { name: 'A9, available' }).count()).toBe(1);

    // Deselecting frees a place; Space on a focused seat selects it like a click.
    await page.getByRole('button', { name: 'A1, selected' }).click();
    await summary.getByText(`7 tickets × ${formatRupees(show.showPrice)}`).waitFor();
    await page.getByRole('button', { name: 'A9, available' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'A9, selected' }).waitFor();
    await summary.getByText(`8 tickets × ${formatRupees(show.showPrice)}`).waitFor();
    await summary.getByRole('button', { name: 'Book Now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Login to Book' }).count()).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);
    expect(browser!.errors).toEqual([]);
  });

  it('does not warn of a seat left on its own where the cinema has that rule off', async () => {
    // This suite's app runs with SEAT_GAP_RULE=off (screens.spec turns it on and sees the warning).
    const page = await open();
    await signUpInPage(page);
    const show = showsOf('cosmos-laundromat').find((candidate) => candidate.showDate === addDays(today, 2))!;
    await openShow(page, catalogue, show);
    await page.getByRole('button', { name: 'B2, available' }).click();
    // The summary and the warning come in the same render: once B2 is in it, no warning came.
    await page.getByRole('region', { name: 'Booking Summary' }).getByText('B2').waitFor();
    expect(await page.getByText('would be left on its own').count()).toBe(0);
    expect(
      await page.getByRole('button', { name: 'B1, available' }).getAttribute('aria-describedby'),
    ).toBeNull();
  });

  it('clears the chosen seats when another show time is chosen', async () => {
    const page = await open();
    await signUpInPage(page);
    const [first, second] = showsOf('cosmos-laundromat').filter(
      (show) => show.showDate === addDays(today, 2),
    );
    await openShow(page, catalogue, first!);
    await page.getByRole('button', { name: 'D4, available' }).click();
    await page.getByRole('region', { name: 'Booking Summary' }).waitFor();
    await page
      .getByRole('group', { name: 'Select Show Time' })
      .getByRole('button', { name: startsWith(second!.showTime) })
      .click();
    await page.getByRole('button', { name: 'D4, available' }).waitFor();
    expect(await page.getByRole('region', { name: 'Booking Summary' }).count()).toBe(0);
  });
});
