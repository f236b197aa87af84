import type { Show } from '@marquee/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  createShows,
  newUser,
  paidBooking,
  signInAdminInPage,
  soonSlot,
  twoClassScreen,
  uniqueTitle,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openTestBrowser, seriousViolations, useOwnApp } from './browser.ts';

// CONTRACT §11: a cashier opens a shift, sells two seats for cash by keyboard, prints the
// receipt, refunds the sale by its reference and closes the shift with the right variance. The
// page refuses to sell without the server. Its own app: the snack it puts on the menu would add
// a tab stop to every other spec's booking page.
useOwnApp();

const shots = process.env.MARQUEE_SCREENSHOTS;
let admin: string;
let title: string;
let showId: string;
const snack = uniqueTitle('Samosa');

/**
 * Waits until the field has the focus. `autoFocus` lands at the browser's next rendering step after
 * the field appears, not with it: keys typed in between go nowhere (a float of '1000' became '000').
 */
async function hasFocus(field: Locator) {
  await field.waitFor();
  await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
}

/** The admin at the counter with a shift open: the one open already, or one opened at ₹0. */
async function openAdminCounter(page: Page) {
  await signInAdminInPage(page);
  await page.goto('/boxoffice');
  await page.getByRole('heading', { name: 'Box office' }).waitFor();
  const float = page.getByLabel('Opening float (₹)');
  const open = page.getByRole('heading', { name: 'Shift open' });
  await Promise.race([float.waitFor(), open.waitFor()]);
  if (await float.isVisible()) {
    await float.fill('0');
    await page.keyboard.press('Enter');
    await open.waitFor();
  }
}

beforeAll(async () => {
  admin = await adminToken();
  const { timeZone } = await cinemaDates();
  const movie = await createMovie(admin);
  title = movie.title;
  const slot = soonSlot(timeZone, 3 * 3600);
  showId = (await createShows(admin, movie._id, slot.date, [slot.time], 250))[0]!._id;
  await callApi(admin, 'POST', '/api/admin/products', { name: snack, price: 120, stock: 8 });
});
afterAll(() => withdrawCreatedShows(admin));

describe('the box office', () => {
  it('sells by keyboard, prints, refunds and closes the shift with the right variance', async () => {
    const cashier = uniqueTitle('Counter Cashier');
    const { account, token } = await newUser(cashier);
    const { user } = await callApi<{ user: { id: string } }>(token, 'GET', '/api/auth/get-session');
    await callApi(admin, 'POST', '/api/auth/admin/set-role', { userId: user.id, role: 'staff' });

    const { page, context } = await openTestBrowser({ viewport: { width: 1280, height: 900 } });
    await page.goto('/');
    const signedIn = await page.evaluate(
      (body) =>
        fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.status),
      { email: account.email, password: account.password },
    );
    expect(signedIn).toBe(200);
    await page.goto('/boxoffice');
    await page.getByRole('heading', { name: 'Box office' }).waitFor();
    // One main landmark: the page's content sits in the app's own, not a second one inside it.
    expect(await page.getByRole('main').count()).toBe(1);

    // The float field has the focus: type it and press Enter.
    await hasFocus(page.getByLabel('Opening float (₹)'));
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Shift open' }).waitFor();
    expect(await page.getByTestId('expected-cash').textContent()).toBe('₹1,000');

    // The show, then the party size (focused) and Enter: the best two seats; Enter again sells.
    // The seat map is held back until Enter is pressed: a cashier quicker than the network keeps
    // the request, and the seats are picked when the map arrives.
    let release = () => {};
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/bookings/seats/**', async (route) => {
      await pressed;
      await route.continue();
    });
    // The shows have the cursor once the shift is open; Down walks to this spec's, Enter picks it.
    const focusedShow = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[aria-keyshortcuts="Alt+S"]')
          ? (document.activeElement.textContent ?? '')
          : null,
      );
    await expect.poll(focusedShow).not.toBeNull();
    for (let i = 0; i < 60 && !(await focusedShow())?.includes(title); i++)
      await page.keyboard.press('ArrowDown');
    expect(await focusedShow()).toContain(title);
    await page.keyboard.press('Enter');
    await page.getByTestId('seats-left').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('number');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Finding seats…' }).waitFor();
    release();
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('Total ₹500');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent))
      .toMatch(/^Tendered/);
    await page.keyboard.type('600');
    await expect.poll(() => page.getByText('Change ₹100').count()).toBe(1);
    // Comps are an admin's to give: a cashier has no such choice.
    expect(await page.getByRole('radio', { name: /Comp/ }).count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-1280.png`, fullPage: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-done').waitFor();
    expect(await page.getByTestId('change-due').textContent()).toBe('Change: ₹100');
    const reference = (await page.getByTestId('sale-reference').textContent())?.trim();
    expect(reference).toMatch(/^[A-Z0-9]{6,10}$/);
    // The receipt link has the focus, ready for Enter.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Print receipt');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-sold-1280.png`, fullPage: true });

    // The 80 mm receipt: reference, seats, amount with GST, the QR code.
    const receiptHref = await page.getByRole('link', { name: 'Print receipt' }).getAttribute('href');
    const receipt = await context.newPage();
    await receipt.goto(receiptHref!);
    await receipt.getByTestId('receipt').waitFor();
    await receipt.getByTestId('ticket-qr').waitFor();
    expect(await receipt.getByRole('main').count()).toBe(1);
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('₹500');
    const text = (await receipt.getByTestId('receipt').textContent()) ?? '';
    expect(text).toContain(reference!);
    expect(text).toContain('CGST');
    expect(text).toContain(title);
    // Each ticket a line of its own with its SAC and rate, and the tax by rate (₹250 each: 18 %).
    const lines = receipt.getByTestId('receipt-items').getByRole('listitem');
    expect(await lines.count()).toBe(2);
    expect(await lines.first().textContent()).toMatch(/^Seat [A-Z]+\d+₹250SAC 9996 · GST 18%$/);
    expect(await receipt.getByRole('row', { name: /^18%/ }).textContent()).toBe('18%₹423.72₹38.14₹38.14');
    expect(await seriousViolations(receipt)).toEqual([]);
    await receipt.emulateMedia({ media: 'print' });
    if (shots) await receipt.screenshot({ path: `${shots}/boxoffice-receipt-print.png`, fullPage: true });
    await receipt.close();

    // The ticket on a page of its own (A4), for a buyer who wants one besides the receipt.
    const a4Href = await page.getByRole('link', { name: 'A4 ticket' }).getAttribute('href');
    const a4 = await context.newPage();
    await a4.goto(a4Href!);
    expect((await a4.getByTestId('ticket-reference').textContent())?.trim()).toBe(reference);
    await a4.getByTestId('ticket-qr').waitFor();
    await a4.emulateMedia({ media: 'print' });
    if (shots) await a4.screenshot({ path: `${shots}/boxoffice-a4-ticket-print.png`, fullPage: true });
    await a4.close();

    // Esc: the next sale, the cursor in the same show's party size; Alt+S goes back to the shows.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('number');
    await page.keyboard.press('Alt+s');
    expect(await focusedShow()).toContain(title);

    // Refund by reference (Alt+R finds the field), back into this shift's cash.
    await page.keyboard.press('Alt+r');
    await page.keyboard.type(reference!.toLowerCase());
    await page.keyboard.press('Enter');
    await page.getByTestId('found-booking').waitFor();
    await page.getByLabel('Reason').fill('Customer changed plans');
    await page.getByRole('button', { name: 'Refund' }).click();
    // Asked once more, saying whose money and how it goes back.
    const refundDialog = page.getByRole('dialog', { name: `Refund ${reference}?` });
    await refundDialog.getByText('all of it goes back by cash').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-refund-confirm.png` });
    await refundDialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Booking cancelled: refund ₹500 by cash').waitFor();
    // The refund button went with the refund: the cursor waits for the next reference.
    await hasFocus(page.getByLabel('Booking reference or mobile number'));
    await expect.poll(() => page.getByTestId('expected-cash').textContent()).toBe('₹1,000');

    // An online booking refunded here: the dialog says what the policy gives back, before it goes.
    const online = await paidBooking(showId, ['A1']);
    await page.keyboard.press('Alt+r');
    await page.keyboard.type(online.booking.reference);
    await page.keyboard.press('Enter');
    await page.getByTestId('found-booking').getByText(online.booking.reference).waitFor();
    await page.getByLabel('Reason').fill('Cannot come');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const onlineDialog = page.getByRole('dialog', { name: `Refund ${online.booking.reference}?` });
    const said = (await onlineDialog.getByTestId('online-refund-amount').textContent()) ?? '';
    const back =
      /(₹[\d,.]+) of ₹250 goes back online, to how it was paid \((\d+)% under the cancellation policy\)/.exec(
        said,
      );
    expect(back, said).not.toBeNull();
    await onlineDialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText(`Booking cancelled: ${back![1]} refunded online`).waitFor();
    // Online money goes back online: the drawer's expected cash is as it was.
    expect(await page.getByTestId('expected-cash').textContent()).toBe('₹1,000');

    // Back on the page later, the cursor is not in the count, and Enter there only asks.
    await page.reload();
    const counted = page.getByLabel('Counted cash (₹)');
    await counted.waitFor();
    expect(await counted.evaluate((input) => input === document.activeElement)).toBe(false);
    await counted.fill('2');
    await counted.press('Enter');
    const closeDialog = page.getByRole('dialog', { name: 'Close the shift?' });
    await closeDialog.getByText('Counted ₹2 against ₹1,000 expected').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-close-confirm.png` });
    await closeDialog.getByRole('button', { name: 'Keep it open' }).click();
    await page.getByRole('heading', { name: 'Shift open' }).waitFor();

    // Close with the drawer's count: 1000 + 500 − 500 = 1000, no variance.
    await counted.fill('1000');
    await page.getByRole('button', { name: 'Close shift' }).click();
    await closeDialog.getByText('a variance of ₹0').waitFor();
    await closeDialog.getByRole('button', { name: 'Close shift' }).click();
    await page.getByText('Variance ₹0.').waitFor();
    await page.getByRole('link', { name: 'Print the cash-up' }).click();
    await page.getByRole('heading', { name: /Cash-up/ }).waitFor();
    expect(await page.getByTestId('cashup-variance').textContent()).toBe('₹0');
    expect(await page.getByTestId('cashup-cash-refunds').textContent()).toBe('₹500');
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-cashup.png`, fullPage: true });

    // The manager finds the shift among the week's, with the same figures and a way to its cash-up.
    const manager = await openTestBrowser({ viewport: { width: 1280, height: 900 } });
    await signInAdminInPage(manager.page);
    await manager.page.goto('/admin/shifts');
    const row = manager.page.getByRole('row', { name: new RegExp(cashier) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    // Float, cash, card, UPI, refunds (all methods), expected, counted, variance, sold.
    expect(cells.slice(0, 8)).toEqual(['₹1,000', '₹500', '₹0', '₹0', '₹500', '₹1,000', '₹1,000', '₹0']);
    expect(await seriousViolations(manager.page)).toEqual([]);
    if (shots) await manager.page.screenshot({ path: `${shots}/admin-shifts.png`, fullPage: true });
    // The accountant's copy downloads with the session: the shift's line is in it.
    const csvHref = await manager.page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await manager.page.evaluate((href) => fetch(href!).then((r) => r.text()), csvHref);
    expect(csv).toContain(`${cashier},`);
    await row.getByRole('link', { name: /^Cash-up of / }).click();
    await manager.page.getByRole('heading', { name: /Cash-up/ }).waitFor();
    expect(await manager.page.getByTestId('cashup-variance').textContent()).toBe('₹0');
  }, 180_000);

  it('lets an admin give seats free (Alt+4): ₹0, no payment, counted as comps in the shift', async () => {
    const { page } = await openTestBrowser({ viewport: { width: 1280, height: 900 } });
    await openAdminCounter(page);
    const compsBefore = Number(await page.getByTestId('shift-comps').textContent());
    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page.getByTestId('seats-left').waitFor();
    await page.keyboard.press('Alt+4');
    await expect.poll(() => page.getByRole('radio', { name: /Comp/ }).isChecked()).toBe(true);
    await page.getByLabel(/Party/).fill('2');
    await page.getByLabel(/Party/).press('Enter');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('Total ₹0');
    // The seats picked, the button is next: Enter gives them.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Give 2 seats free');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-comp.png`, fullPage: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-done').waitFor();
    expect(await page.getByTestId('paid-by').textContent()).toBe('Complimentary: nothing to pay');
    await expect
      .poll(async () => Number(await page.getByTestId('shift-comps').textContent()))
      .toBe(compsBefore + 2);
    // The next sale is paid again unless Comp is chosen once more.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('radio', { name: /Cash/ }).isChecked()).toBe(true);
  }, 120_000);

  it('fits a sale on a 1024 × 768 counter screen: the seats chosen, the screen and the sale in sight at once', async () => {
    const { page } = await openTestBrowser({ viewport: { width: 1024, height: 768 } });
    await openAdminCounter(page);
    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page.getByTestId('seats-left').waitFor();
    await page.getByLabel(/Party/).fill('2');
    await page.getByLabel(/Party/).press('Enter');
    await hasFocus(page.getByLabel('Tendered (₹)'));
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-1024.png` });
    // (The pointer's click on a show low in its list may scroll the page a little; what matters is
    // that everything below is in sight together.)
    const inSight = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 768 && box.x >= 0 && box.x + box.width <= 1024;
    };
    const chosen = page.getByRole('button', { name: /, selected/ });
    expect(await chosen.count()).toBe(2);
    for (const seat of await chosen.all()) expect(await inSight(seat)).toBe(true);
    // The whole row fits its column: the seats size themselves to it, nothing hides off its edge.
    expect(await inSight(page.locator('[data-seat="A12"]'))).toBe(true);
    expect(await inSight(page.getByText('Screen', { exact: true }))).toBe(true);
    expect(await inSight(page.getByLabel('Tendered (₹)'))).toBe(true);
    expect(await inSight(page.getByRole('button', { name: /^Sell 2 seats/ }))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it('picks the best seats in the class the customer asks for, or says that class has none together', async () => {
    const { timeZone } = await cinemaDates();
    const movie = await createMovie(admin);
    const screen = await twoClassScreen(admin, uniqueTitle('Counter Classes').slice(0, 40));
    const slot = soonSlot(timeZone, 5 * 3600);
    const [show] = (
      await callApi<{ shows: Show[] }>(admin, 'POST', '/api/shows', {
        movie: movie._id,
        screen: screen._id,
        prices: { Classic: 150, Recliner: 400 },
        dateTimings: [{ date: slot.date, timings: [{ time: slot.time, occupiedSeats: {} }] }],
      })
    ).shows;
    // Rows G and H (Recliner) taken in their 4th and 9th seats: four together at most.
    await paidBooking(show!._id, ['G4', 'G9', 'H4', 'H9']);
    const { page } = await openTestBrowser({ viewport: { width: 1280, height: 900 } });
    await openAdminCounter(page);
    await page.getByRole('button', { name: new RegExp(movie.title) }).click();
    await page.getByTestId('seats-left').waitFor();
    const seatsChosen = () => page.getByTestId('sale-seats').textContent();
    const classChoice = page.getByLabel('Class', { exact: true });

    // Enter in the class picks the seats, as in the party size.
    await page.getByLabel(/Party/).fill('4');
    await classChoice.selectOption('Recliner');
    await classChoice.press('Enter');
    // Row G is nearer the middle of the house than H; G5–G8 are its four together.
    await expect.poll(seatsChosen).toBe('Seats: G5, G6, G7, G8');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('Total ₹1,600');
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-classes.png`, fullPage: true });
    await hasFocus(page.getByLabel('Tendered (₹)'));
    await page.keyboard.type('2000');
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-done').waitFor();
    // The show list's seats left follow the sale (96 − 4 booked before − 4 sold).
    const listed = page.getByRole('button', { name: new RegExp(movie.title) });
    await expect.poll(() => listed.textContent(), { timeout: 10_000 }).toMatch(/88 left$/);

    // The next customer starts from any class.
    await page.keyboard.press('Escape');
    await expect.poll(() => classChoice.inputValue()).toBe('');
    // Five Recliners together there are not (H5–H8 are the most): said, and nothing is picked.
    await page.getByLabel(/Party/).fill('5');
    await classChoice.selectOption('Recliner');
    await classChoice.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'No 5 seats together in Recliner' }).waitFor();
    expect(await seatsChosen()).toBe('Seats: none yet');
    // Any class: five together in Classic.
    await classChoice.selectOption({ label: 'Any class' });
    await classChoice.press('Enter');
    await expect.poll(seatsChosen).toBe('Seats: F4, F5, F6, F7, F8');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('Total ₹750');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('says plainly when the server is gone and sells nothing; fits a tablet', async () => {
    const { account, token } = await newUser('Tablet Cashier');
    const { user } = await callApi<{ user: { id: string } }>(token, 'GET', '/api/auth/get-session');
    await callApi(admin, 'POST', '/api/auth/admin/set-role', { userId: user.id, role: 'staff' });
    const { page, context } = await openTestBrowser({ viewport: { width: 820, height: 1180 } });
    await page.goto('/');
    await page.evaluate(
      (body) =>
        fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      { email: account.email, password: account.password },
    );
    await page.goto('/boxoffice');
    await page.getByLabel('Opening float (₹)').fill('500');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByRole('heading', { name: 'Shift open' }).waitFor();
    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page.getByTestId('seats-left').waitFor();
    await page.getByRole('button', { name: 'Best seats' }).click();
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-tablet.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await context.setOffline(true);
    await page.getByText('No connection to the server').waitFor();
    expect(await page.getByRole('button', { name: /^Sell/ }).isDisabled()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-offline.png` });
    await context.setOffline(false);
    await expect
      .poll(() => page.getByText('No connection to the server').count(), { timeout: 15_000 })
      .toBe(0);
    expect(await page.getByRole('button', { name: /^Sell/ }).isDisabled()).toBe(false);
  }, 120_000);

  it('sells food and drinks without a show by keyboard (Alt+F) and prints the items', async () => {
    const { account, token } = await newUser('Snack Cashier');
    const { user } = await callApi<{ user: { id: string } }>(token, 'GET', '/api/auth/get-session');
    await callApi(admin, 'POST', '/api/auth/admin/set-role', { userId: user.id, role: 'staff' });
    const { page, context } = await openTestBrowser({ viewport: { width: 1280, height: 900 } });
    await page.goto('/');
    await page.evaluate(
      (body) =>
        fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      { email: account.email, password: account.password },
    );
    await page.goto('/boxoffice');
    await hasFocus(page.getByLabel('Opening float (₹)'));
    await page.keyboard.type('200');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Shift open' }).waitFor();
    await expect.poll(() => page.getByText(snack).count()).toBeGreaterThan(0);

    // Alt+F: no show, no seats; announced, and the first item's quantity has the focus.
    await page.keyboard.press('Alt+f');
    await page.getByTestId('items-only').waitFor();
    expect(await page.getByRole('button', { name: /Food & drinks only/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('number');
    // Tab to this spec's item (other specs' items may be on the menu too), two of them.
    for (let i = 0; i < 20; i++) {
      const label = await page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? '');
      if (label.includes(snack)) break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toContain(snack);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('Total ₹240');
    // Alt+1: cash, the tendered field; Enter sells.
    await page.keyboard.press('Alt+1');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent))
      .toMatch(/^Tendered/);
    await page.keyboard.type('500');
    await expect.poll(() => page.getByText('Change ₹260').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-items-only-1280.png`, fullPage: true });
    // A sale without a show reads no seat map afterwards (it once asked for the seats of no show).
    const seatlessReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/bookings/seats/') seatlessReads.push(request.url());
    });
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-done').waitFor();
    expect(await page.getByTestId('sale-done').textContent()).toContain(`2 × ${snack}`);
    expect(await page.getByTestId('change-due').textContent()).toBe('Change: ₹260');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Print receipt');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/boxoffice-items-only-sold.png`, fullPage: true });

    // The receipt lists the items, with the GST; no QR code (nothing to admit).
    const receiptHref = await page.getByRole('link', { name: 'Print receipt' }).getAttribute('href');
    const receipt = await context.newPage();
    await receipt.goto(receiptHref!);
    await receipt.getByTestId('receipt-items').waitFor();
    expect(await receipt.getByTestId('receipt-items').textContent()).toContain(`2 × ${snack}`);
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('₹240');
    expect(await receipt.getByTestId('ticket-qr').count()).toBe(0);
    expect(seatlessReads).toEqual([]);
    expect(await seriousViolations(receipt)).toEqual([]);
    await receipt.emulateMedia({ media: 'print' });
    if (shots)
      await receipt.screenshot({ path: `${shots}/boxoffice-items-only-receipt.png`, fullPage: true });
    await receipt.close();

    // The shift has the sale: 200 + 240 cash.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('expected-cash').textContent()).toBe('₹440');

    // Paid by UPI (Alt+3: the reference field): nothing to hand back, so no "Change: ₹0".
    await page.keyboard.press('Alt+f');
    await page.getByTestId('items-only').waitFor();
    const quantity = page.getByRole('spinbutton', { name: new RegExp(snack) });
    await quantity.fill('1');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('Total ₹120');
    await page.keyboard.press('Alt+3');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent))
      .toMatch(/^UPI reference/);
    await page.keyboard.type('UPI-4471');
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-done').waitFor();
    expect(await page.getByTestId('paid-by').textContent()).toBe('Paid by UPI · ref UPI-4471');
    expect(await page.getByTestId('change-due').count()).toBe(0);
  }, 180_000);
});
