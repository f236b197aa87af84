import {
  addDays,
  zonedDate,
  type CinemaConfig,
  type CreateMovieResponse,
  type MovieWithShows,
} from '@marquee/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount } from './admin-account.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { gotoMovieList, openTestBrowser, seriousViolations } from './browser.ts';

// Its own app: the film it retires must not leave the other files' catalogue mid-run.
let app: RunningApp;
let token: string;
const typo = `Kantaara ${Date.now().toString(36)}`;
const corrected = typo.replace('Kantaara', 'Kantara');

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      origin: app.baseURL,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  app = await startApp({ env: { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password } });
  const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseURL },
    body: JSON.stringify({ email: adminAccount.email, password: adminAccount.password }),
  });
  token = signIn.headers.get('set-auth-token')!;
  const { timeZone } = (await (await fetch(`${app.baseURL}/api/config`)).json()) as CinemaConfig;
  const { movie } = await call<CreateMovieResponse>('POST', '/api/movies', {
    Title: typo,
    Year: '2022',
    Genre: 'Drama',
    Runtime: '150 min',
  });
  await call('POST', '/api/shows', {
    movie: movie._id,
    showPrice: 200,
    totalSeats: 96,
    dateTimings: [{ date: addDays(zonedDate(new Date(), timeZone), 2), timings: ['11:00 PM'] }],
  });
}, 120_000);
afterAll(() => app?.close());

const toastSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

async function buyerTitles(page: Page): Promise<{ shown: string[]; answer: MovieWithShows[] }> {
  const answer = await gotoMovieList(page, '/movies');
  await page.getByRole('heading', { name: 'Movies', level: 1 }).waitFor();
  await page.getByRole('article').first().waitFor();
  return { shown: await page.getByRole('article').getByRole('heading').allInnerTexts(), answer };
}

describe('an admin correcting and retiring a movie', () => {
  it("edits the title, retires the film, and the buyer's movies page no longer lists it", async () => {
    const { page } = await openTestBrowser({ baseURL: app.baseURL });
    const buyer = (await openTestBrowser({ baseURL: app.baseURL })).page;
    expect((await buyerTitles(buyer)).shown).toContain(typo);

    await page.goto('/');
    await page.evaluate(
      (body) =>
        fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.status),
      { email: adminAccount.email, password: adminAccount.password },
    );
    await page.goto('/admin/movies');
    await page.getByRole('heading', { name: 'Movies', level: 1 }).waitFor();

    // Keyboard: the row's Edit opens the dialog, filled in with the movie as it is.
    await page.getByRole('button', { name: `Edit ${typo}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Edit movie: ${typo}` });
    const title = dialog.getByLabel('Title');
    expect(await title.inputValue()).toBe(typo);
    expect(await dialog.getByLabel('Runtime').inputValue()).toBe('150 min');
    expect(await seriousViolations(page)).toEqual([]);
    await title.fill(corrected);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastSaying(page, `${corrected}: changes saved.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: corrected }) });
    await row.getByText('Showing').waitFor();
    expect((await buyerTitles(buyer)).shown).toContain(corrected);

    await row.getByRole('button', { name: `Retire ${corrected}` }).click();
    const confirm = page.getByRole('dialog', { name: `Retire ${corrected}?` });
    await confirm.getByText('Tickets already sold stay valid').waitFor();
    await confirm.getByRole('button', { name: 'Retire movie' }).click();
    await toastSaying(page, `${corrected} is retired`).waitFor();
    await row.getByText('Retired').waitFor();
    // A film that has had shows is retired, never deleted.
    expect(await row.getByRole('button', { name: `Delete ${corrected}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Restore ${corrected}` }).waitFor();

    const after = await buyerTitles(buyer);
    expect(after.answer.map((movie) => movie.title)).not.toContain(corrected);
    expect(after.shown).not.toContain(corrected);
    expect(after.shown.length).toBeGreaterThan(0);
  }, 180_000);
});
