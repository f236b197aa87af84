import {
  addDays,
  gridLayout,
  layoutClasses,
  zonedDate,
  type LayoutInput,
  type Screen,
  type Show,
} from '@marquee/shared';
import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { auditLog, screens, shows, users } from '../../db/schema.ts';
import { DEFAULT_SCREEN_ID } from '../screens/screen-rules.ts';

// CONTRACT §7: a show's seat map is always its screen's. Seeded and added shows alike.

let t: TestApp;
let admin: SignedIn;
let day: (n: number) => string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signUp(t.app, { name: 'Manager' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
  day = (n) => addDays(today, n);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.bearer, ...(payload ? { payload } : {}) });

async function addMovie(title: string, runtime: string): Promise<string> {
  const response = await call('POST', '/api/movies', { Title: title, Year: '2022', Runtime: runtime });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ movie: { _id: string } }>().movie._id;
}

const addShows = (movie: string, date: string, times: string[], extra: object = {}) =>
  call('POST', '/api/shows', {
    movie,
    showPrice: 200,
    totalSeats: 100,
    dateTimings: [{ date, timings: times }],
    ...extra,
  });

/** Every show in the database beside its screen: the map must be the screen's. */
async function mapsOtherThanTheirScreens() {
  const rows = await t.testDb.database.db
    .select({ show: shows, screenLayout: screens.layout, screenName: screens.name })
    .from(shows)
    .innerJoin(screens, eq(screens.id, shows.screenId));
  expect(rows.length).toBeGreaterThan(10);
  return rows.filter(({ show, screenLayout, screenName }) => {
    if (show.screenName !== screenName) return true;
    // The default screen's shows are the spec's grid of their own totalSeats, in one class.
    if (show.screenId === DEFAULT_SCREEN_ID) {
      const [cls] = layoutClasses(show.layout);
      return !isDeepStrictEqual(show.layout, gridLayout(show.totalSeats, cls));
    }
    return !isDeepStrictEqual(show.layout, screenLayout);
  });
}

describe("a show's seat map is its screen's", () => {
  let kantara: string;
  beforeAll(async () => {
    kantara = await addMovie('Kantara', '2h 49m');
  });

  it('refuses a draft whose own times overlap on the screen, whole, naming the times', async () => {
    // 10:00 frees the screen at 1:04 PM; 1:30 PM at 4:34 PM, so 3:00 PM cannot follow it.
    const response = await addShows(kantara, day(5), ['10:00', '13:30', '15:00', '20:30']);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(
      /^The 3:00 PM show on \w{3}, \d+ \w{3} would start before the 1:30 PM show has finished \(the film's runtime plus 15 minutes' cleaning\)$/,
    );
    const screen2 = (await call('GET', '/api/admin/screens')).json<{ screens: Screen[] }>().screens[1]!;
    const prices = Object.fromEntries(screen2.classes.map((cls) => [cls, 150]));
    const named = await addShows(kantara, day(5), ['10:00', '13:30', '15:00'], {
      screen: screen2._id,
      prices,
    });
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toContain('The 3:00 PM show');
    // Across midnight too: a late show and the next day's first one.
    const late = await call('POST', '/api/shows', {
      movie: kantara,
      showPrice: 200,
      dateTimings: [
        { date: day(6), timings: ['11:00 PM'] },
        { date: day(7), timings: ['1:00 AM'] },
      ],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('would start before the 11:00 PM show on');
    // Nothing of the refused requests was created.
    const added = await t.testDb.database.db.select().from(shows).where(eq(shows.movieId, kantara));
    expect(added).toHaveLength(0);
  });

  it('puts a show without a screen on the default screen, never another: busy there is 409', async () => {
    const response = await addShows(kantara, day(5), ['10:00', '13:30', '20:30']);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ shows: Show[] }>().shows;
    expect(created.map((show) => show.screen)).toEqual(
      created.map(() => ({ _id: DEFAULT_SCREEN_ID, name: 'Screen 1' })),
    );
    expect(created.map((show) => show.totalSeats)).toEqual([100, 100, 100]);
    // The audit names the screen each show is on.
    const [entry] = await t.testDb.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, kantara), eq(auditLog.action, 'show.create')));
    const logged = (entry!.details as { shows: { screen: { name: string } }[] }).shows;
    expect(logged.map((show) => show.screen.name)).toEqual(['Screen 1', 'Screen 1', 'Screen 1']);

    // Screen 1 is busy at 3:00 PM (the 1:30 PM show): another film without a screen is refused,
    // in the form's check first, though other screens are free.
    const other = await addMovie('Elsewhere', '90 min');
    const check = await call(
      'GET',
      `/api/shows/check-timeslot?movieId=${other}&date=${day(5)}&time=${encodeURIComponent('3:00 PM')}`,
    );
    expect(check.json()).toMatchObject({
      available: false,
      message: 'This screen is already booked at that time',
    });
    const refused = await addShows(other, day(5), ['15:00']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'This screen is already booked at that time' });
  });

  it('never resizes a show on another screen, even one whose layout is a plain grid', async () => {
    const grid: LayoutInput = {
      rows: [{ seats: Array.from({ length: 10 }, () => ({ class: 'Standard', kind: 'seat' })) }],
    };
    const hall = await call('POST', '/api/admin/screens', { name: 'Grid Hall', layout: grid });
    expect(hall.statusCode, hall.body).toBe(201);
    const movie = await addMovie('Small Room', '60 min');
    const added = await addShows(movie, day(5), ['10:00'], {
      screen: hall.json().screen._id,
      prices: { Standard: 100 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const onGrid = added.json<{ shows: Show[] }>().shows[0]!;
    expect(onGrid.totalSeats).toBe(10);
    const resized = await call('PUT', `/api/shows/${onGrid._id}`, { totalSeats: 40 });
    expect(resized.statusCode).toBe(400);
    expect(resized.json().message).toBe(
      "This show's seats come from its screen's layout, so its total cannot be changed",
    );
    // A default-screen show has a size of its own: the grid of its totalSeats.
    const own = await addShows(movie, day(8), ['10:00']);
    const grown = await call('PUT', `/api/shows/${own.json().shows[0]._id}`, { totalSeats: 120 });
    expect(grown.statusCode, grown.body).toBe(200);
    // Moving a show keeps it on its screen, with its map.
    const moved = await call('PUT', `/api/shows/${onGrid._id}`, { showDate: day(9), showTime: '6:00 PM' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().show).toMatchObject({ screen: { name: 'Grid Hall' }, totalSeats: 10 });
  });

  it('holds for every seeded and added show', async () => {
    expect(await mapsOtherThanTheirScreens()).toEqual([]);
  });
});
