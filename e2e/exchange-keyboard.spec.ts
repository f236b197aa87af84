import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './accounts.ts';
import {
  adminToken,
  cinemaDates,
  createMovie,
  createShows,
  soonSlot,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openTestBrowser, seriousViolations } from './browser.ts';
import { bookInPage } from './payment-fixtures.ts';

// Issue 32, CONTRACT §13: the whole self-service exchange — from My Bookings to the new seats
// and the new ticket — with the keyboard only, and nothing serious for axe on the way. Its own
// film and show (withdrawn afterwards), so no other spec's seat map changes.
const shots = process.env.MARQUEE_SCREENSHOTS;
let admin: string;
let title: string;
let showId: string;

beforeAll(async () => {
  admin = await adminToken();
  const { timeZone } = await cinemaDates();
  const movie = await createMovie(admin);
  title = movie.title;
  // Past the policy's first cut-off (2 hours before), so the booking can still be changed.
  const slot = soonSlot(timeZone, 5 * 3600);
  showId = (await createShows(admin, movie._id, slot.date, [slot.time], 250))[0]!._id;
});
afterAll(() => withdrawCreatedShows(admin));

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Not reached with ${max} presses of Tab`);
}

/** Walks the seat map's focus with the arrow keys to `seat` (the spec's grid: rows A–H × 12). */
async function arrowTo(page: Page, seat: string): Promise<void> {
  for (let steps = 0; steps < 30; steps++) {
    const label = await focused(page);
    const at = /^([A-H])(\d+),/.exec(label);
    if (!at) throw new Error(`The focus is not on a seat: ${label}`);
    const [row, number] = [at[1]!.charCodeAt(0), Number(at[2])];
    const [wantRow, wantNumber] = [seat.charCodeAt(0), Number(seat.slice(1))];
    if (row === wantRow && number === wantNumber) return;
    await page.keyboard.press(
      row < wantRow
        ? 'ArrowDown'
        : row > wantRow
          ? 'ArrowUp'
          : number < wantNumber
            ? 'ArrowRight'
            : 'ArrowLeft',
    );
  }
  throw new Error(`Seat ${seat} not reached`);
}

async function toggle(page: Page, seat: string, becomes: 'selected' | 'available') {
  await arrowTo(page, seat);
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe(`${seat}, ${becomes}`);
}

describe('changing a booking with the keyboard only', () => {
  it('moves a paid booking to other seats from My Bookings, and the new ticket has them', async () => {
    const { page, errors } = await openTestBrowser({ viewport: { width: 1280, height: 900 } });
    await signUpInPage(page);
    const booked = await bookInPage(page, showId, ['C5', 'C6']);
    const paymentId = new URL(booked.url).pathname.split('/').pop()!;
    const paid = await page.evaluate(
      (id) => fetch(`/api/payments/${id}/sandbox-pay`, { method: 'POST' }).then((r) => r.status),
      paymentId,
    );
    expect(paid).toBe(200);

    await page.goto('/mybookings');
    const card = page.getByRole('main').getByRole('article', { name: title });
    await card.getByText('C5, C6').waitFor();
    await tabTo(page, card.getByRole('link', { name: 'Change seats or time' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Change seats or time', level: 1 }).waitFor();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Into the seat map (one tab stop), then the arrows: give up C5 and C6, take E7 and E8.
    await tabTo(page, grid.locator('[tabindex="0"]'));
    await toggle(page, 'C5', 'available');
    await toggle(page, 'C6', 'available');
    await toggle(page, 'E7', 'selected');
    await toggle(page, 'E8', 'selected');
    const change = page.getByRole('region', { name: 'Your change' });
    await change.getByText('Nothing to pay. Your new ticket replaces the old one.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/exchange-keyboard-chosen.png`, fullPage: true });

    await tabTo(page, change.getByRole('button', { name: 'Confirm change' }), 10);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/mybookings');
    const after = page.getByRole('main').getByRole('article', { name: title });
    await after.getByText('E7, E8').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/exchange-keyboard-done.png`, fullPage: true });

    // The ticket, reached by keyboard too, carries the new seats.
    await tabTo(page, after.getByRole('link', { name: 'Ticket' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/tickets/'));
    await page.getByText('E7, E8').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
