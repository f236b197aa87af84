import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TicketResponse } from '@marquee/shared';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  signInAdminInPage,
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  createShows,
  newUser,
  soonSlot,
  uniqueTitle,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { baseURL, openTestBrowser } from './browser.ts';
import { qrVideoFile } from './qr-video.ts';

const shots = process.env.MARQUEE_SCREENSHOTS;

let admin: string;
let showId: string;

beforeAll(async () => {
  admin = await adminToken();
  const { timeZone } = await cinemaDates();
  const movie = await createMovie(admin, uniqueTitle('Door Night'));
  // Starts in about two minutes: inside the door's window, and over before later spec files run.
  const slot = soonSlot(timeZone, 60);
  showId = (await createShows(admin, movie._id, slot.date, [slot.time]))[0]!._id;
});
afterAll(() => withdrawCreatedShows(admin), 300_000);

/** A buyer with a paid booking, signed in from outside; their bearer token and the booking. */
async function buyer(seats: string[], name: string) {
  const { account, token } = await newUser(name);
  const created = await callApi<{ url: string; bookingId: string; booking: { reference: string } }>(
    token,
    'POST',
    '/api/bookings/create',
    { showId, selectedSeats: seats },
  );
  const paymentId = new URL(created.url, baseURL()).pathname.split('/').pop()!;
  await callApi(token, 'POST', `/api/payments/${paymentId}/sandbox-pay`);
  return { account, token, bookingId: created.bookingId, reference: created.booking.reference };
}

async function signInPage(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  const status = await page.evaluate(
    (body) =>
      fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    { email: account.email, password: account.password },
  );
  expect(status).toBe(200);
}

/** A phone-sized Chromium whose camera films `video` (a Y4M file), camera access granted. */
async function doorBrowser(video: string) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-door-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
    baseURL: baseURL(),
    viewport: { width: 360, height: 780 },
    permissions: ['camera'],
  });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  onTestFinished(async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });
  return { page: context.pages()[0] ?? (await context.newPage()), errors };
}

describe('tickets and the door', () => {
  it('the buyer opens the ticket; the door camera admits it once, then refuses it with the time', async () => {
    const asha = await buyer(['C5', 'C6'], 'Asha Door');
    const { ticket } = await callApi<TicketResponse>(
      asha.token,
      'GET',
      `/api/bookings/${asha.bookingId}/ticket`,
    );

    // The buyer's ticket page, on a phone.
    const phone = await openTestBrowser({ viewport: { width: 360, height: 780 } });
    await signInPage(phone.page, asha.account);
    await phone.page.goto(`/tickets/${asha.bookingId}`);
    await phone.page.getByTestId('ticket-reference').getByText(asha.reference).waitFor();
    await phone.page.locator('[data-testid=ticket-qr] svg').waitFor();
    expect(await phone.page.getByText('C5, C6').count()).toBe(1);
    if (shots) await phone.page.screenshot({ path: `${shots}/ticket-360-light.png`, fullPage: true });

    // Printed: one page.
    await phone.page.emulateMedia({ media: 'print' });
    const pdf = await phone.page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    if (shots) fs.writeFileSync(`${shots}/ticket-print.pdf`, pdf);
    await phone.page.emulateMedia({ media: 'screen' });

    // An admin makes a new account staff on the Users page.
    const { account: doorAccount } = await newUser('Door Staff');
    const adminBrowser = await openTestBrowser();
    await signInAdminInPage(adminBrowser.page);
    await adminBrowser.page.goto('/admin/users');
    await adminBrowser.page.getByLabel('Search users').fill(doorAccount.email);
    await adminBrowser.page.getByRole('button', { name: 'Grant staff for Door Staff' }).click();
    await adminBrowser.page.getByRole('button', { name: 'Revoke staff for Door Staff' }).waitFor();
    if (shots) await adminBrowser.page.screenshot({ path: `${shots}/users-1280.png` });

    // Staff at the door, on a phone whose camera sees the ticket's QR code.

    const door = await doorBrowser(qrVideoFile(ticket.code));
    await signInPage(door.page, doorAccount);
    await door.page.goto('/door');
    const result = door.page.getByTestId('door-result');
    await door.page.locator('[data-result=admitted]').waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toContain('Checked in');
    expect(await result.textContent()).toContain('Asha Door');
    expect(await result.textContent()).toContain('C5, C6');
    if (shots) await door.page.screenshot({ path: `${shots}/door-360-green.png`, fullPage: true });

    // The same ticket stays in view: once the pause for one held-up ticket is over, it is read
    // again and refused, naming when it got in.
    await door.page.locator('[data-result=refused]').waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toMatch(/Already checked in at \d{1,2}:\d\d [AP]M/);
    if (shots) await door.page.screenshot({ path: `${shots}/door-360-red.png`, fullPage: true });

    // A typed reference that matches nothing is refused, and the camera keeps scanning after it.
    await door.page.getByLabel('Booking reference').fill('ZZZZ2222');
    await door.page.getByRole('button', { name: 'Check in' }).click();
    await door.page.getByText('Invalid ticket').waitFor();
    await door.page.getByText(/Already checked in at/).waitFor({ timeout: 20_000 });

    // A second buyer checked in by typing the reference.
    const ravi = await buyer(['D1'], 'Ravi Door');
    await door.page.getByLabel('Booking reference').fill(ravi.reference.toLowerCase());
    await door.page.getByRole('button', { name: 'Check in' }).click();
    await door.page.getByText('Ravi Door').waitFor();
    // The counts for the show: three seats sold, three in.
    await door.page.getByTestId('door-show').filter({ hasText: 'Door Night' }).getByText('/ 3').waitFor();
    expect(door.errors).toEqual([]);

    // The ticket now says it was used; in the dark theme too.
    await phone.page.reload();
    await phone.page.getByText(/Checked in at/).waitFor();
    const dark = await openTestBrowser({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
    await signInPage(dark.page, asha.account);
    await dark.page.goto(`/tickets/${asha.bookingId}`);
    await dark.page.locator('[data-testid=ticket-qr] svg').waitFor();
    if (shots) await dark.page.screenshot({ path: `${shots}/ticket-360-dark.png`, fullPage: true });
  }, 120_000);

  it('the door screen is for staff only', async () => {
    const { account } = await newUser('Not Staff');
    const browser = await openTestBrowser({ viewport: { width: 360, height: 780 } });
    await signInPage(browser.page, account);
    await browser.page.goto('/door');
    await browser.page.getByRole('heading', { name: 'Door staff only' }).waitFor();
  });
});
