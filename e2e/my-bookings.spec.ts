import { addDays, formatDayOf, zonedDate, type Movie, type Show } from '@marquee/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import { loadCatalogue, type Catalogue } from './booking-fixtures.ts';
import { openTestBrowser } from './browser.ts';
import { bookInPage } from './payment-fixtures.ts';

let catalogue: Catalogue;
beforeAll(async () => {
  catalogue = await loadCatalogue();
});

/** Spring's shows three days on (the journey spec books other seats of them: H1–H4, G7). */
const springShow = (index: number): Show<Movie> =>
  catalogue.showsOf('spring').filter((show) => show.showDate === addDays(catalogue.today, 3))[index]!;

describe('My Bookings', () => {
  it('lists live bookings first and keeps a cancelled one under "Past and cancelled"', async () => {
    const { page } = await openTestBrowser();
    await signUpInPage(page);
    const kept = await bookInPage(page, springShow(0)._id, ['H9']);
    const dropped = await bookInPage(page, springShow(1)._id, ['H10']);
    const cancel = await page.evaluate(
      (id) => fetch(`/api/bookings/${id}/cancel`, { method: 'PUT' }).then((r) => r.status),
      dropped.bookingId,
    );
    expect(cancel).toBe(200);

    await page.goto('/mybookings');
    const live = page.getByRole('list', { name: 'Bookings', exact: true });
    const past = page.getByRole('region', { name: 'Past and cancelled' });
    await live.getByText('Pending Payment', { exact: true }).waitFor();
    await past.getByText('Cancelled', { exact: true }).waitFor();
    expect(await live.getByRole('article').count()).toBe(1);
    expect(await past.getByRole('article').count()).toBe(1);
    expect(await live.getByText('H9').count()).toBeGreaterThan(0);
    expect(await past.getByText('H10').count()).toBeGreaterThan(0);
    // The live list comes first on the page.
    const [liveTop, pastTop] = await Promise.all([live.boundingBox(), past.boundingBox()]);
    expect(liveTop!.y).toBeLessThan(pastTop!.y);
    expect(kept.bookingId).not.toBe(dropped.bookingId);
  });

  it('dates a booking on the cinema’s calendar (CINEMA_TIMEZONE), not a zone of its own', async () => {
    const { page } = await openTestBrowser();
    await signUpInPage(page);
    const made = new Date();
    await bookInPage(page, springShow(1)._id, ['A12']);
    // A cinema whose calendar is on another day than Kolkata's just now (one of these always is).
    const timeZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (zone) => zonedDate(made, zone) !== zonedDate(made, 'Asia/Kolkata'),
    )!;
    await page.route('**/api/config', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), timeZone } });
    });
    await page.goto('/mybookings');
    const card = page.getByRole('list', { name: 'Bookings', exact: true }).getByRole('article');
    // The card first dates by the fallback zone (Kolkata) until /api/config answers: wait for the
    // cinema's own day rather than reading the card once.
    const bookedOn = formatDayOf(made.toISOString(), timeZone);
    await card.getByText(bookedOn, { exact: true }).waitFor();
    expect(await card.getByText(bookedOn, { exact: true }).count()).toBe(1);
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    expect(await details.getByText(bookedOn, { exact: true }).count()).toBe(1);
  });
});
