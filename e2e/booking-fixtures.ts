import { indianShortDate } from './dates.ts';
import { addDays, zonedDate, type CinemaConfig, type Movie, type Show } from '@marquee/shared';
import type { Page } from 'playwright-core';
import { newAccount } from './accounts.ts';
import { baseURL } from './browser.ts';

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The seeded catalogue as the API tells it, and today's date in the cinema's time zone. */
export async function loadCatalogue() {
  const { movies } = await getJson<{ movies: Movie[] }>('/api/movies');
  const { shows } = await getJson<{ shows: Show<Movie>[] }>('/api/shows');
  const { timeZone, cinemaName } = await getJson<CinemaConfig>('/api/config');
  const today = zonedDate(new Date(), timeZone);
  return {
    today,
    cinemaName,
    shows,
    movie: (slug: string) => movies.find((candidate) => candidate.slug === slug)!,
    showsOf: (slug: string) => shows.filter((show) => show.movie.slug === slug),
    /** The label a date button should carry, worked out independently of the app's code. */
    dateLabel(date: string): string {
      if (date === today) return 'Today';
      if (date === addDays(today, 1)) return 'Tomorrow';
      return indianShortDate(date);
    },
  };
}

export type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** Matches an accessible name that begins with `text` (a show time button starts with its time). */
export const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens a movie's booking page and picks one show's date and time, as a visitor would. */
export async function openShow(page: Page, catalogue: Catalogue, show: Show<Movie>) {
  await page.goto(`/booking/${show.movie._id}`);
  await page.getByRole('button', { name: catalogue.dateLabel(show.showDate), exact: true }).click();
  await page
    .getByRole('group', { name: 'Select Show Time' })
    .getByRole('button', { name: startsWith(show.showTime) })
    .click();
  await page.getByRole('grid').waitFor();
}

/** Signs a fresh user up from outside any browser and holds `seats` of `show` for them. */
export async function holdSeatsAsAnotherUser(show: Show<Movie>, seats: string[]) {
  const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify(newAccount('Other Viewer')),
  });
  const token = signUp.headers.get('set-auth-token');
  if (!signUp.ok || !token) throw new Error(`sign-up failed: ${signUp.status}`);
  const booking = await fetch(`${baseURL()}/api/bookings/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ showId: show._id, selectedSeats: seats }),
  });
  if (!booking.ok) throw new Error(`booking failed: ${booking.status} ${await booking.text()}`);
}
