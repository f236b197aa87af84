import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  callApi,
  cinemaDates,
  createMovie,
  createShows,
  paidBooking,
  signInAdminInPage,
  soonSlot,
  withdrawCreatedShows,
} from './admin-fixtures.ts';
import { openTestBrowser, seriousViolations, useOwnApp } from './browser.ts';

// CONTRACT §14 (and §10's GST report): the daily, films and GST reports and the dashboard's charts, in both themes, at 360 px,
// axe-clean, each chart with its figures as a table. Its own app: while it clears the cinema's
// GSTIN, every other spec's invoices would be issued without one.
useOwnApp();

const shots = process.env.MARQUEE_SCREENSHOTS;
if (shots) fs.mkdirSync(shots, { recursive: true });
let admin: string;
let date: string;
let title: string;

beforeAll(async () => {
  admin = await adminToken();
  const { timeZone } = await cinemaDates();
  const movie = await createMovie(admin);
  title = movie.title;
  // Today in the cinema's time (the dashboard's "Today's occupancy"): two hours ahead crossed
  // midnight in a late CI run.
  const slot = soonSlot(timeZone, 10 * 60);
  date = slot.date;
  const [show] = await createShows(admin, movie._id, slot.date, [slot.time], 150);
  await paidBooking(show!._id, ['D5', 'D6']);
});
afterAll(() => withdrawCreatedShows(admin));

describe('the reports', () => {
  it('the daily report shows the day per show and class, prints, and passes axe in both themes and at 360 px', async () => {
    const { page } = await openTestBrowser();
    await signInAdminInPage(page);
    await page.goto(`/admin/reports/daily?date=${date}`);
    await page.getByRole('heading', { name: 'Daily report', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: new RegExp(title) }).first();
    await section.waitFor();
    const row = section.getByRole('row', { name: /Standard/ });
    expect(await row.textContent()).toMatch(/₹150.*0.*2.*₹300/);
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe(date);
    const csv = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(csv).toBe(`/api/admin/reports/daily?date=${date}&format=csv`);

    for (const colorScheme of ['light', 'dark'] as const) {
      if (colorScheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/daily-report-${colorScheme}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await seriousViolations(page)).toEqual([]);
    // The page itself never scrolls sideways; wide tables scroll in their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (shots) await page.screenshot({ path: `${shots}/daily-report-360.png`, fullPage: true });

    await page.emulateMedia({ media: 'print' });
    if (shots) await page.setViewportSize({ width: 1100, height: 800 });
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true });
    expect(pdf.length).toBeGreaterThan(1000);
    await page.context().close();
  });

  it('the films report lists the film with its distributor share', async () => {
    const { page } = await openTestBrowser();
    await signInAdminInPage(page);
    await page.goto(`/admin/reports/films?from=${date}&to=${date}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/50%/);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/films-report.png`, fullPage: true });
    await page.context().close();
  });

  it('the GST report shows the rates with their tax, warns while the cinema has no GSTIN, and passes axe', async () => {
    type Cinema = { gstin: string; stateCode: string };
    const { settings } = await callApi<{ settings: { cinema: Cinema } }>(admin, 'GET', '/api/admin/settings');
    const setSeller = (cinema: Cinema) => callApi(admin, 'PUT', '/api/admin/settings', { cinema });
    await setSeller({ gstin: '', stateCode: '' });
    try {
      const { page } = await openTestBrowser();
      await signInAdminInPage(page);
      await page.goto(`/admin/reports/gst?from=${date}&to=${date}`);
      await page.getByRole('heading', { name: 'GST report', level: 1 }).waitFor();
      // This spec's two ₹150 tickets are at 18 %: a row with at least their invoice and tax.
      const row = page.getByRole('row', { name: /^18%/ });
      await row.waitFor();
      expect(await row.textContent()).toMatch(/^18%[1-9]\d*\d+₹[\d,.]+₹[\d,.]+₹[\d,.]+₹[\d,.]+$/);
      expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
        `/api/admin/reports/gst?from=${date}&to=${date}&format=csv`,
      );
      await page
        .getByRole('note')
        .getByText(/GSTIN is not set/)
        .waitFor();
      // The dashboard, where an admin lands, says it too.
      await page.goto('/admin');
      await page
        .getByRole('note')
        .getByText(/GSTIN is not set/)
        .waitFor();
      await page.goto(`/admin/reports/gst?from=${date}&to=${date}`);
      await row.waitFor();
      // The accountant's register of the same days: this spec's invoices, a line each at 18 %.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Invoice register (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`marquee-invoice-register-${date}-to-${date}.csv`);
      const register = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
      expect(register[0]).toMatch(/^\uFEFFType,Supply Type,Number,Date /);
      expect(
        register.filter((line) => /^Invoice,B2[BC],MQ\d{4}-\d{6},.*,9996,18,/.test(line)).length,
      ).toBeGreaterThan(0);
      for (const colorScheme of ['light', 'dark'] as const) {
        if (colorScheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        expect(await seriousViolations(page), colorScheme).toEqual([]);
        if (shots) await page.screenshot({ path: `${shots}/gst-report-${colorScheme}.png`, fullPage: true });
      }
      // Registered: no warning.
      await setSeller({ gstin: '27AAPFU0939F1ZV', stateCode: '27' });
      await page.reload();
      await row.waitFor();
      expect(await page.getByRole('note').count()).toBe(0);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      expect(await page.getByRole('note').count()).toBe(0);
      await page.context().close();
    } finally {
      await setSeller({ gstin: settings.cinema.gstin, stateCode: settings.cinema.stateCode });
    }
  });

  it('the dashboard draws its three charts, each with a table of the same figures', async () => {
    const { page } = await openTestBrowser();
    await signInAdminInPage(page);
    await page.goto('/admin');
    for (const name of ['Sales per day', "Today's occupancy", 'Revenue by channel']) {
      await page.getByRole('heading', { name }).waitFor();
    }
    expect(await page.getByRole('img', { name: /Gross sales per day/ }).count()).toBe(1);
    const occupancy = page.getByRole('region', { name: "Today's occupancy" });
    await occupancy.getByText('Show the figures as a table').click();
    const showRow = occupancy.getByRole('row', { name: new RegExp(title) });
    expect(await showRow.textContent()).toMatch(/2.*\d+.*%/);
    await page.getByText(/paid today, \d+ by this time last \w+day/).waitFor();

    for (const colorScheme of ['light', 'dark'] as const) {
      if (colorScheme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/dashboard-${colorScheme}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/dashboard-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
