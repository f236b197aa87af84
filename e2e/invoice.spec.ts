import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import {
  signInAdminInPage,
  callApi,
  adminToken,
  cinemaDates,
  createMovie,
  createShows,
  soonSlot,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openTestBrowser, seriousViolations, useOwnApp } from './browser.ts';
import { bookInPage, paymentPath } from './payment-fixtures.ts';

// CONTRACT §10: /invoices/{bookingId} shows the tax invoice, reached from My Bookings and the
// ticket, on one A4 page in print, in both themes on screen. Its own app: the cinema's GSTIN it
// sets would be the seller on every other spec's invoices.
useOwnApp();

const shots = process.env.MARQUEE_SCREENSHOTS;
let admin: string;
let showId: string;

beforeAll(async () => {
  admin = await adminToken();
  const { timeZone } = await cinemaDates();
  const movie = await createMovie(admin);
  const slot = soonSlot(timeZone, 3 * 3600);
  // ₹101: the 18 % slab.
  showId = (await createShows(admin, movie._id, slot.date, [slot.time], 101))[0]!._id;
});
afterAll(() => withdrawCreatedShows(admin));

describe('the tax invoice page', () => {
  it('opens from My Bookings and the ticket, passes axe in both themes and prints on one A4 page', async () => {
    const { page } = await openTestBrowser();
    await signUpInPage(page);
    const created = await bookInPage(page, showId, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
    const paymentId = new URL(created.url).pathname.split('/').pop()!;
    const paid = await page.evaluate(
      (id) => fetch(`/api/payments/${id}/sandbox-pay`, { method: 'POST' }).then((r) => r.status),
      paymentId,
    );
    expect(paid).toBe(200);

    await page.goto('/mybookings');
    await page
      .getByRole('link', { name: /^Invoice/ })
      .first()
      .click();
    await page.waitForURL(`**/invoices/${created.bookingId}`);
    await page.getByRole('heading', { name: 'Tax invoice' }).waitFor();
    const number = await page.getByTestId('invoice-number').textContent();
    expect(number).toMatch(/^MQ\d{4}-\d{6}$/);
    expect(await page.getByTestId('invoice-total').textContent()).toBe('₹808');
    expect(await page.getByRole('row').count()).toBe(8 + 2);

    for (const colorScheme of ['light', 'dark'] as const) {
      if (colorScheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/invoice-${colorScheme}.png`, fullPage: true });
    }

    // On a phone the figures scroll sideways inside a named region the keyboard reaches (axe's
    // scrollable-region-focusable), and what was paid stands in the header, on the screen.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page), 'phone').toEqual([]);
    const lines = page.getByRole('region', { name: `Lines of invoice ${number}, amounts in rupees` });
    expect(await lines.getAttribute('tabindex')).toBe('0');
    const value = page.locator('dt:text-is("Invoice value") + dd');
    expect(await value.textContent()).toBe('₹808');
    const box = (await value.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Under the table as well, where its total row's own figure has scrolled out of sight.
    const total = page.getByText('Total (GST included): ₹808', { exact: true });
    expect(await total.isVisible()).toBe(true);
    const under = (await total.boundingBox())!;
    expect(under.x + under.width).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: `${shots}/invoice-phone.png`, fullPage: true });
    await page.setViewportSize(desktop);

    // Printed from the dark theme: still black on white, one page.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    if (shots) fs.writeFileSync(`${shots}/invoice-print.pdf`, pdf);
    if (shots) await page.screenshot({ path: `${shots}/invoice-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`/tickets/${created.bookingId}`);
    await page.getByRole('link', { name: 'Tax invoice' }).click();
    await page.waitForURL(`**/invoices/${created.bookingId}`);
    await page.getByTestId('invoice-number').waitFor();
  });

  it('prints each credit note after the invoice, on a page of its own', async () => {
    const { page } = await openTestBrowser();
    await signUpInPage(page);
    const created = await bookInPage(page, showId, ['C1', 'C2']);
    const paymentId = new URL(created.url).pathname.split('/').pop()!;
    const statuses = await page.evaluate(
      async ({ id, bookingId }) => [
        (await fetch(`/api/payments/${id}/sandbox-pay`, { method: 'POST' })).status,
        // Three hours ahead: the policy gives all of it back.
        (await fetch(`/api/bookings/${bookingId}/cancel`, { method: 'PUT' })).status,
      ],
      { id: paymentId, bookingId: created.bookingId },
    );
    expect(statuses).toEqual([200, 200]);

    await page.goto(`/invoices/${created.bookingId}`);
    const note = page.getByRole('article', { name: 'Credit note' });
    await note.waitFor();
    const invoiceNumber = (await page.getByTestId('invoice-number').textContent())!;
    const link = page.getByRole('link', { name: /^CN\d{4}-\d{6}$/ });
    const number = (await link.textContent())!;
    expect(await note.getByTestId(`credit-note-total-${number}`).textContent()).toBe('₹202');
    expect(await note.getByText(invoiceNumber, { exact: true }).count()).toBe(1);
    await note.getByText(/^Reason:/).waitFor();
    // Its two lines and the total row, beside the invoice's.
    expect(await note.getByRole('row').count()).toBe(2 + 2);
    expect(await link.getAttribute('href')).toBe(`#${number}`);
    // The list on the invoice says what the note did, and to which invoice.
    await page
      .getByRole('region', { name: 'Credit notes of this booking' })
      .getByText(/: ₹202 credited against this invoice$/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/invoice-credit-note.png`, fullPage: true });

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
    if (shots) fs.writeFileSync(`${shots}/invoice-credit-note.pdf`, pdf);
  });
});

describe('the settings page', () => {
  it('saves the cinema’s GSTIN, names a wrong one at its field, and passes axe in both themes', async () => {
    const { page } = await openTestBrowser();
    await signInAdminInPage(page);
    await page.goto('/admin/settings');
    const gstin = page.getByRole('textbox', { name: 'GSTIN' });
    await gstin.waitFor();
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await seriousViolations(page), theme).toEqual([]);
    }
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    await page.getByRole('textbox', { name: 'State code' }).fill('27');
    await gstin.fill('27AAPFU0939F1ZW');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Please enter a valid GSTIN').waitFor();
    expect(await gstin.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await gstin.getAttribute('aria-invalid')).toBe('true');

    await gstin.fill('27aapfu0939f1zv');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    expect(await gstin.inputValue()).toBe('27AAPFU0939F1ZV');
    const saved = await callApi<{ settings: { cinema: { gstin: string } } }>(
      admin,
      'GET',
      '/api/admin/settings',
    );
    expect(saved.settings.cinema.gstin).toBe('27AAPFU0939F1ZV');
    await callApi(admin, 'PUT', '/api/admin/settings', { cinema: { gstin: '', stateCode: '' } });
  });
});

describe('the cancellation tiers in settings', () => {
  it('names a tier out of order by its number, in the form’s words, with the cursor in its box', async () => {
    const { page } = await openTestBrowser();
    await signInAdminInPage(page);
    await page.goto('/admin/settings');
    const first = page.getByRole('textbox', { name: 'Tier 1: minutes before the start' });
    const second = page.getByRole('textbox', { name: 'Tier 2: minutes before the start' });
    await second.waitFor();
    await second.fill(String(Number(await first.inputValue()) + 60));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Tier 2: must start fewer minutes before the show than the tier above it').waitFor();
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await second.getAttribute('aria-invalid')).toBe('true');
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });
});

describe('the buyer’s GSTIN on the payment page', () => {
  it('shows the GST included; a GSTIN is saved upper-cased before paying and printed on the invoice', async () => {
    const { page } = await openTestBrowser();
    await signUpInPage(page);
    const created = await bookInPage(page, showId, ['B1']);
    await page.goto(paymentPath(created));
    // ₹101 at 18 %: 15.41 of it is GST.
    await page.getByText('incl. GST ₹15.41').waitFor();
    await page.getByText('Add a GSTIN to the tax invoice (optional)').click();
    const field = page.getByRole('textbox', { name: 'Your GSTIN' });
    await field.fill('27AAPFU0939F1ZW');
    await page.getByRole('button', { name: 'Save GSTIN' }).click();
    await page.getByRole('alert').getByText('Please enter a valid GSTIN').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Said right under the GSTIN's box, before the business name's.
    expect(await field.evaluate((input) => input.nextElementSibling?.getAttribute('role'))).toBe('alert');
    await field.fill('27aapfu0939f1zv');
    const business = page.getByRole('textbox', { name: 'Business name, as registered (optional)' });
    await business.fill('X');
    await page.getByRole('button', { name: 'Save GSTIN' }).click();
    await page.getByRole('alert').getByText('The business name is 2 to 100 characters').waitFor();
    expect(await business.getAttribute('aria-invalid')).toBe('true');
    expect(
      await business.evaluate((input) => input.parentElement?.nextElementSibling?.getAttribute('role')),
    ).toBe('alert');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await business.fill('  Asha Traders LLP ');
    await page.getByRole('button', { name: 'Save GSTIN' }).click();
    await page
      .getByText('The invoice will show GSTIN 27AAPFU0939F1ZV, issued to Asha Traders LLP.')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/loading**');
    await page.goto(`/invoices/${created.bookingId}`);
    // The recipient is the business, not the account that booked.
    const recipient = page.getByRole('region', { name: 'Recipient' });
    await recipient.getByText('GSTIN: 27AAPFU0939F1ZV').waitFor();
    expect(await recipient.getByText('Asha Traders LLP', { exact: true }).count()).toBe(1);
  });
});
