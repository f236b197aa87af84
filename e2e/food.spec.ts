import { formatRupees, type BookingsResponse } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  createShows,
  signInAdminInPage,
  soonSlot,
  uniqueTitle,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { loadCatalogue, startsWith } from './booking-fixtures.ts';
import { openTestBrowser, seriousViolations, useOwnApp } from './browser.ts';

const shots = process.env.MARQUEE_SCREENSHOTS;
const phone = { viewport: { width: 375, height: 812 } };

// Its own app: the popcorn it puts on the menu would add a step to every other spec's booking page.
useOwnApp();

/** Food and drink (CONTRACT §12): bought with the seats on a phone, handed over at the door. */
describe('popcorn with the seats', () => {
  let admin: string;
  let productId: string;
  const popcorn = uniqueTitle('Popcorn');
  beforeAll(async () => {
    admin = await adminToken();
    productId = (
      await callApi<{ product: { _id: string } }>(admin, 'POST', '/api/admin/products', {
        name: popcorn,
        price: 150,
        stock: 20,
      })
    ).product._id;
  });
  afterAll(() => withdrawCreatedShows(admin));

  it('adds two popcorn after the seats, pays the grand total, and the door hands them over once', async () => {
    const catalogue = await loadCatalogue();
    const { timeZone } = await cinemaDates();
    const movie = await createMovie(admin, uniqueTitle('Snack Night'));
    const slot = soonSlot(timeZone, 3600);
    const [show] = await createShows(admin, movie._id, slot.date, [slot.time]);

    // The admin's menu page lists it, with its stock.
    const office = await openTestBrowser();
    await signInAdminInPage(office.page);
    await office.page.goto('/admin/menu');
    const entry = office.page
      .getByRole('list', { name: 'Menu' })
      .getByRole('listitem')
      .filter({ hasText: popcorn });
    await entry.getByText('20 left').waitFor();
    await entry.getByRole('button', { name: `Edit ${popcorn}` }).waitFor();
    expect(await seriousViolations(office.page)).toEqual([]);
    if (shots) await office.page.screenshot({ path: `${shots}/food-admin-menu.png`, fullPage: true });

    const buyer = await openTestBrowser(phone);
    const page = buyer.page;
    await signUpInPage(page);
    await page.goto(`/booking/${movie._id}`);
    await page.getByRole('button', { name: catalogue.dateLabel(slot.date), exact: true }).click();
    await page
      .getByRole('group', { name: 'Select Show Time' })
      .getByRole('button', { name: startsWith(slot.time) })
      .click();
    await page.getByRole('grid').waitFor();
    await page.getByRole('button', { name: 'A5, available' }).click();

    const summary = page.getByRole('region', { name: 'Booking Summary' });
    await summary.getByText(`1 ticket × ${formatRupees(show!.showPrice)}`).waitFor();
    await summary.getByRole('button', { name: 'Add food & drinks' }).click();
    const more = summary.getByRole('button', { name: `One more ${popcorn}` });
    await more.click();
    await more.click();
    const total = formatRupees(show!.showPrice + 300);
    await summary.getByText(`2 × ${popcorn} (${formatRupees(150)}) = ${formatRupees(300)}`).waitFor();
    await summary.getByText(total, { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await summary.screenshot({ path: `${shots}/food-summary-375.png` });
    await summary.getByRole('button', { name: 'Book Now' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
    const details = page.getByRole('region', { name: 'Payment' });
    await details.getByText(`2 × ${popcorn}`, { exact: true }).waitFor();
    await details.getByText(total, { exact: true }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/food-payment-375.png`, fullPage: true });
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await page.waitForURL((url) => url.pathname === '/loading');

    const { bookings } = await page.evaluate(() =>
      fetch('/api/bookings/user').then((r) => r.json() as Promise<BookingsResponse>),
    );
    const booking = bookings.find((b) => b.show!._id === show!._id)!;
    expect(booking).toMatchObject({
      status: 'paid',
      items: [{ productId, name: popcorn, quantity: 2, price: 150 }],
    });
    await page.goto('/mybookings');
    await page.getByRole('main').getByText(`2 × ${popcorn}`).first().waitFor();
    if (shots) await page.screenshot({ path: `${shots}/food-mybookings-375.png`, fullPage: true });

    // At the door, on a phone: the reference typed, the popcorn shown, handed over once.
    const door = await openTestBrowser(phone);
    await signInAdminInPage(door.page);
    await door.page.goto('/door');
    await door.page.getByLabel('Booking reference').fill(booking.reference);
    await door.page.getByRole('button', { name: 'Check in' }).click();
    const result = door.page.getByTestId('door-result');
    await result.getByText(`2 × ${popcorn}`).waitFor();
    await result.getByRole('button', { name: 'Mark collected' }).click();
    await result.getByText(/^Collected at \d{1,2}:\d{2} (AM|PM)$/).waitFor();
    expect(await seriousViolations(door.page)).toEqual([]);
    if (shots) await door.page.screenshot({ path: `${shots}/food-door-375.png`, fullPage: true });
    const again = await callApi<{ message: string }>(
      admin,
      'POST',
      `/api/bookings/${booking._id}/collect`,
    ).catch((error: Error) => ({ message: error.message }));
    expect(again.message).toMatch(/Already collected at \d{1,2}:\d{2} (AM|PM)/);
  }, 240_000);
});
