import {
  addDays,
  formatTimeOfDay,
  fromZonedParts,
  gridLayout,
  toZonedParts,
  zonedDate,
  type AdminShowsResponse,
  type CinemaConfig,
  type CreateBookingResponse,
  type CreateMovieResponse,
  type CreateShowsResponse,
  type Movie,
  type ScreenResponse,
  type Show,
} from '@marquee/shared';
import type { Page } from 'playwright-core';
import { newAccount, type TestAccount } from './accounts.ts';
import { adminAccount } from './admin-account.ts';
import { baseURL } from './browser.ts';

/** Signs an account in from inside the page, so its browser holds the session cookie. */
export async function signInInPage(page: Page, account: { email: string; password: string }): Promise<void> {
  if (!page.url().startsWith(baseURL())) await page.goto('/');
  const status = await page.evaluate(
    (body) =>
      fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    { email: account.email, password: account.password },
  );
  if (status !== 200) throw new Error(`sign-in of ${account.email} in the page failed: ${status}`);
}

/** Signs the admin in from inside the page, so its browser holds the admin's session cookie. */
export function signInAdminInPage(page: Page): Promise<void> {
  return signInInPage(page, adminAccount);
}

async function bearerFrom(response: Response, what: string): Promise<string> {
  const token = response.headers.get('set-auth-token');
  if (!response.ok || !token) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return token;
}

/** A bearer token for the admin, from outside any browser. */
export async function adminToken(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ email: adminAccount.email, password: adminAccount.password }),
  });
  return bearerFrom(response, 'admin sign-in');
}

/** Signs a fresh user up from outside any browser; their bearer token and details. */
export async function newUser(name = 'Paying Viewer'): Promise<{ account: TestAccount; token: string }> {
  const account = newAccount(name);
  const response = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify(account),
  });
  return { account, token: await bearerFrom(response, 'sign-up') };
}

/** Calls the API with a bearer token; throws unless it answers 2xx. */
export async function callApi<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The cinema's today and a date `days` after it. */
export async function cinemaDates() {
  const response = await fetch(`${baseURL()}/api/config`);
  const { timeZone } = (await response.json()) as CinemaConfig;
  const today = zonedDate(new Date(), timeZone);
  return { timeZone, today, inDays: (days: number) => addDays(today, days) };
}

/** A title no other test run uses. */
export const uniqueTitle = (base: string) =>
  `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Movies these fixtures made, so their shows can be taken off at the end. */
const createdMovies: string[] = [];

export async function createMovie(token: string, title = uniqueTitle('E2E Movie')): Promise<Movie> {
  const { movie } = await callApi<CreateMovieResponse>(token, 'POST', '/api/movies', {
    Title: title,
    Year: '2024',
    Genre: 'Drama',
    Runtime: '100 min',
  });
  createdMovies.push(movie._id);
  return movie;
}

/**
 * A show slot `leadSeconds` or a little more from now (the next whole minute after), on the
 * cinema's calendar. Shows that get bookings are put here: they cannot be deleted, and a
 * cancelled show still lists its movie on the home page until it starts, so they must be over
 * by the time this file ends (see `withdrawCreatedShows`).
 */
export function soonSlot(
  timeZone: string,
  leadSeconds: number,
): { date: string; time: string; startsAt: number } {
  const parts = toZonedParts(new Date(Date.now() + leadSeconds * 1000), timeZone);
  let { date } = parts;
  let minutes = parts.minutes + 1;
  if (minutes >= 24 * 60) {
    date = addDays(date, 1);
    minutes -= 24 * 60;
  }
  return {
    date,
    time: formatTimeOfDay(minutes),
    startsAt: fromZonedParts(date, minutes, timeZone).getTime(),
  };
}

/**
 * Takes the shows of the movies made here off the programme, so spec files that run later against
 * the same server see only the seeded catalogue: unbooked shows are deleted, and booked ones are
 * cancelled as staff would (their buyers refunded), which takes their movies out of Now Showing.
 */
export async function withdrawCreatedShows(token: string): Promise<void> {
  for (const movieId of createdMovies.splice(0)) {
    const { shows } = await callApi<AdminShowsResponse>(
      token,
      'GET',
      `/api/admin/shows?movieId=${movieId}&pageSize=500`,
    );
    for (const show of shows) {
      if (show.bookingCount === 0) await callApi(token, 'DELETE', `/api/shows/${show._id}`);
      else if (show.status !== 'cancelled') await callApi(token, 'POST', `/api/shows/${show._id}/cancel`);
    }
  }
}

export async function createShows(
  token: string,
  movieId: string,
  date: string,
  times: string[],
  showPrice = 200,
): Promise<Show[]> {
  // A screen of its own (the spec's A–H × 12, one class), so a test's shows never meet the
  // seeded programme or each other on a screen (CONTRACT §7: a screen's shows never overlap).
  const { screen } = await callApi<ScreenResponse>(token, 'POST', '/api/admin/screens', {
    name: uniqueTitle('E2E Screen').slice(0, 40),
    layout: gridLayout(96),
  });
  const { shows } = await callApi<CreateShowsResponse>(token, 'POST', '/api/shows', {
    movie: movieId,
    screen: screen._id,
    prices: { Standard: showPrice },
    dateTimings: [{ date, timings: times.map((time) => ({ time, occupiedSeats: {} })) }],
  });
  return shows;
}

/** A screen of two classes: rows A–F Classic, G–H Recliner (12 seats a row, no aisle). */
export async function twoClassScreen(token: string, name: string) {
  const rows = gridLayout(96, 'Classic').rows.map((row, index) => ({
    seats: row.seats.map((seat) => seat && { class: index >= 6 ? 'Recliner' : 'Classic', kind: seat.kind }),
  }));
  const { screen } = await callApi<ScreenResponse>(token, 'POST', '/api/admin/screens', {
    name,
    layout: { rows },
  });
  return screen;
}

/** A fresh user books `seats` of the show and pays through the sandbox gateway. */
export async function paidBooking(showId: string, seats: string[]) {
  const { account, token } = await newUser();
  const created = await callApi<CreateBookingResponse>(token, 'POST', '/api/bookings/create', {
    showId,
    selectedSeats: seats,
  });
  const paymentId = new URL(created.url, baseURL()).pathname.split('/').filter(Boolean).pop()!;
  await callApi(token, 'POST', `/api/payments/${paymentId}/sandbox-pay`);
  return { account, booking: created.booking };
}
