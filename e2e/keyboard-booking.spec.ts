import { addDays, formatRupees, type Movie, type Show } from '@marquee/shared';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import { holdSeatsAsAnotherUser, loadCatalogue, startsWith, type Catalogue } from './booking-fixtures.ts';
import { openBrowser, recordAnnouncements } from './browser.ts';

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

/** A Big Buck Bunny show two days ahead: no other spec books that movie. */
const bunnyShow = (): Show<Movie> =>
  catalogue.showsOf('big-buck-bunny').filter((show) => show.showDate === addDays(catalogue.today, 2))[1]!;

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** What assistive technology reads for the focused element: its role, name and states. */
async function focusedNode(page: Page): Promise<string> {
  const snapshot = await page.locator(':focus').ariaSnapshot();
  // '- button "A1, available" [disabled]: "1"' → 'button "A1, available" [disabled]'
  const node = /^- (\w+)((?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]+\])*)/.exec(snapshot);
  return node ? `${node[1]}${node[2]}` : snapshot;
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<number> {
  const path: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return presses;
    path.push(await focusedNode(page).catch(() => '(nothing)'));
  }
  throw new Error(`Not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${path.join(' → ')}`);
}

async function expectFocused(page: Page, node: string) {
  await expect.poll(() => focusedNode(page)).toBe(node);
}

describe('booking with the keyboard and a screen reader', () => {
  it('chooses a date, a time and 2 seats, books, pays and opens the booking, keyboard only', async () => {
    const show = bunnyShow();
    // One seat of the show is someone else's, so the map has a booked seat to arrow across.
    await holdSeatsAsAnotherUser(show, ['C7']);
    browser = await openBrowser();
    const { page } = browser;
    const announced = await recordAnnouncements(page);
    await signUpInPage(page);
    const price = show.showPrice;
    const title = catalogue.movie('big-buck-bunny').title;

    await page.goto(`/booking/${show.movie._id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Date, then show time, from the top of the page with Tab and Enter / Space.
    const dateButton = page
      .getByRole('group', { name: 'Select Date' })
      .getByRole('button', { name: catalogue.dateLabel(show.showDate), exact: true });
    await tabTo(page, dateButton);
    expect(await focusedNode(page)).toBe(`button "${catalogue.dateLabel(show.showDate)}"`);
    await page.keyboard.press('Enter');
    await expectFocused(page, `button "${catalogue.dateLabel(show.showDate)}" [pressed]`);
    // The next step is said in a polite live region (role status).
    await page.getByRole('status').filter({ hasText: 'Please select a show time to continue' }).waitFor();

    const timeButton = page
      .getByRole('group', { name: 'Select Show Time' })
      .getByRole('button', { name: startsWith(show.showTime) });
    await tabTo(page, timeButton, { max: 10 });
    await page.keyboard.press('Space');
    expect(await timeButton.getAttribute('aria-pressed')).toBe('true');

    // The seat map is an ARIA grid of rows and cells, with a single tab stop (roving tabindex).
    const grid = page.getByRole('grid', {
      name: `Seats for ${show.showTime}, ${catalogue.dateLabel(show.showDate)}`,
    });
    await grid.waitFor();
    expect(await grid.getByRole('row').count()).toBe(8);
    expect(await grid.getByRole('gridcell').count()).toBe(96);
    const gridTree = await grid.ariaSnapshot();
    expect(gridTree).toContain('- rowheader "C"');
    expect(gridTree).toContain('- gridcell "C5, available"');
    expect(gridTree).toContain('- button "C7, booked" [disabled]');
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);

    const a1 = grid.getByRole('button', { name: 'A1, available' });
    expect(await tabTo(page, a1, { max: 6 })).toBeGreaterThan(0);
    expect(await focusedNode(page)).toBe('button "A1, available"');
    // A second Tab leaves the map rather than walking through 96 seats; Shift+Tab comes back.
    await page.keyboard.press('Tab');
    expect(await grid.evaluate((element) => element.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(a1)).toBe(true);

    // Arrow keys move the focus seat by seat; the name says which seat and its state.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expectFocused(page, 'button "C1, available"');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expectFocused(page, 'button "C5, available"');
    expect(await grid.locator('[tabindex="0"]').getAttribute('aria-label')).toBe('C5, available');

    const summaryOf = (count: number, seats: string) =>
      `${count} ${count === 1 ? 'seat' : 'seats'} selected: ${seats}. Total ${formatRupees(price * count)}`;
    await page.keyboard.press('Enter');
    await expectFocused(page, 'button "C5, selected"');
    await expect.poll(() => announced.includes(summaryOf(1, 'C5'))).toBe(true);

    await page.keyboard.press('ArrowRight');
    await expectFocused(page, 'button "C6, available"');
    await page.keyboard.press('Space');
    await expectFocused(page, 'button "C6, selected"');
    await expect.poll(() => announced.includes(summaryOf(2, 'C5, C6'))).toBe(true);

    // A booked seat is still reached (so it is heard) but Enter does nothing to it.
    await page.keyboard.press('ArrowRight');
    await expectFocused(page, 'button "C7, booked" [disabled]');
    await page.keyboard.press('Enter');
    // Keys are handled in order: once the next one has moved the focus, Enter has had its effect.
    await page.keyboard.press('ArrowLeft');
    await expectFocused(page, 'button "C6, selected"');
    await page.keyboard.press('ArrowRight');
    await expectFocused(page, 'button "C7, booked" [disabled]');
    expect(announced.some((text) => text.startsWith('3 seats selected'))).toBe(false);

    const summary = page.getByRole('region', { name: 'Booking Summary' });
    await summary.getByText(`2 tickets × ${formatRupees(price)}`).waitFor();
    await summary.getByText(formatRupees(price * 2), { exact: true }).waitFor();

    // Out of the map, on to Book Now (past "Add food & drinks" when the menu has something on it),
    // and the whole window goes to the payment page.
    await tabTo(page, summary.getByRole('button', { name: 'Book Now' }), { max: 4 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    // The new page says where the reader is: its heading has the focus, not the page's body.
    await expectFocused(page, 'heading "Payment" [level=1]');

    // The payment warning is a toast announced as an alert.
    const warning = 'Complete payment within 10 minutes or booking will be cancelled!';
    await page.getByRole('alert').filter({ hasText: warning }).waitFor();
    await expect.poll(() => announced.some((text) => text.includes(warning))).toBe(true);

    const payButton = page.getByRole('button', { name: `Pay ${formatRupees(price * 2)}` });
    await tabTo(page, payButton);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/loading');
    await page.waitForURL((url) => url.pathname === '/mybookings', { timeout: 15_000 });

    // My Bookings: the card, its details modal opened with the keyboard.
    const card = page.getByRole('list', { name: 'Bookings' }).getByRole('article', { name: title });
    await card.getByText('Paid', { exact: true }).waitFor();
    await card.getByText('C5, C6').waitFor();
    const viewDetails = card.getByRole('button', { name: 'View Details' });
    await tabTo(page, viewDetails);
    await page.keyboard.press('Enter');

    const modal = page.getByRole('dialog', { name: 'Booking Details' });
    await modal.waitFor();
    await expectFocused(page, 'button "Close booking details"');
    expect(await modal.getByRole('listitem').allTextContents()).toEqual(['C5', 'C6']);
    // Focus is trapped: Tab and Shift+Tab wrap around inside the dialog and never reach the page.
    const insideModal = () => modal.evaluate((element) => element.contains(document.activeElement));
    const forward: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await insideModal()).toBe(true);
      forward.push(await focusedNode(page));
    }
    expect(forward).toEqual([
      'link "Open ticket"',
      'link "Tax invoice"',
      'button "Cancel Booking"',
      'button "Close booking details"',
      'link "Open ticket"',
    ]);
    await page.keyboard.press('Shift+Tab');
    expect(await insideModal()).toBe(true);
    await expectFocused(page, 'button "Close booking details"');

    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await isFocused(viewDetails)).toBe(true);
    expect(browser.errors).toEqual([]);
  });
});
