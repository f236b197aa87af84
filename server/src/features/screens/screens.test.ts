import { addDays, zonedDate, type LayoutInput, type SeatKind, type Screen, type Show } from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { auditLog, users } from '../../db/schema.ts';

let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
let buyer: SignedIn;
let day: (n: number) => string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, buyer] = await Promise.all([
    signUp(t.app, { name: 'Admin' }),
    signUp(t.app, { name: 'Staff' }),
    signUp(t.app, { name: 'Buyer' }),
  ]);
  const db = t.testDb.database.db;
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
  const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
  day = (n) => addDays(today, n);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer, ...(payload ? { payload } : {}) });

const seat = (cls: string, kind: SeatKind = 'seat') => ({ class: cls, kind });
/** Two rows: Classic with an aisle, then Recliner with a wheelchair space and its companion. */
const twoClasses: LayoutInput = {
  rows: [
    { seats: [seat('Classic'), seat('Classic'), null, seat('Classic'), seat('Classic')] },
    {
      seats: [
        seat('Recliner', 'wheelchair'),
        seat('Recliner', 'companion'),
        null,
        seat('Recliner'),
        seat('Recliner'),
      ],
    },
  ],
};

async function addScreen(name: string, layout: LayoutInput = twoClasses): Promise<Screen> {
  const response = await call('POST', '/api/admin/screens', admin, { name, layout });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ screen: Screen }>().screen;
}

async function addMovie(title: string, runtime = '100 min'): Promise<string> {
  const response = await call('POST', '/api/movies', admin, { Title: title, Year: '2025', Runtime: runtime });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ movie: { _id: string } }>().movie._id;
}

const addShows = (movie: string, date: string, times: string[], extra: object) =>
  call('POST', '/api/shows', admin, { movie, dateTimings: [{ date, timings: times }], ...extra });

describe('admin screens', () => {
  it('lists the default screen, the spec map in one class', async () => {
    const response = await call('GET', '/api/admin/screens', admin);
    expect(response.statusCode).toBe(200);
    const screen1 = response.json<{ screens: Screen[] }>().screens.find((s) => s.name === 'Screen 1')!;
    expect(screen1).toMatchObject({ classes: ['Standard'], seatCount: 96 });
    expect(screen1.layout.rows.map((r) => r.row).join('')).toBe('ABCDEFGH');
  });

  it('is for admins only: staff and buyers get 403, nobody signed in 401', async () => {
    for (const who of [staff, buyer]) {
      expect((await call('GET', '/api/admin/screens', who)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/admin/screens', who, { name: 'X', layout: twoClasses })).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/api/admin/screens')).statusCode).toBe(401);
  });

  it('letters and numbers a new layout, and refuses a duplicate name or a stray companion seat', async () => {
    const screen = await addScreen('Audi Two');
    expect(screen).toMatchObject({ classes: ['Classic', 'Recliner'], seatCount: 8, upcomingShows: 0 });
    expect(screen.layout.rows[1]!.seats.map((s) => s?.id ?? null)).toEqual(['B1', 'B2', null, 'B3', 'B4']);
    const again = await call('POST', '/api/admin/screens', admin, { name: 'audi two', layout: twoClasses });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A screen with this name already exists');
    const stray = await call('POST', '/api/admin/screens', admin, {
      name: 'Stray',
      layout: { rows: [{ seats: [seat('A', 'companion'), null, seat('A', 'wheelchair')] }] },
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe('Companion seat A1 must sit right beside a wheelchair space');
    expect((await call('GET', '/api/admin/screens/not-an-id', admin)).statusCode).toBe(404);
    const read = await call('GET', `/api/admin/screens/${screen._id}`, admin);
    expect(read.json().screen.name).toBe('Audi Two');
  });

  it('applies an edit to new shows only: a scheduled show keeps its map', async () => {
    const screen = await addScreen('Editable Audi');
    const movie = await addMovie('Kept Map');
    const before = await addShows(movie, day(2), ['10:00 AM'], {
      screen: screen._id,
      prices: { Classic: 200, Recliner: 450 },
    });
    expect(before.statusCode, before.body).toBe(201);
    const edited = await call('PUT', `/api/admin/screens/${screen._id}`, admin, {
      name: 'Edited Audi',
      layout: { rows: [{ seats: [seat('Classic'), seat('Classic')] }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().screen).toMatchObject({ name: 'Edited Audi', seatCount: 2, upcomingShows: 1 });
    const oldShow = before.json<{ shows: Show[] }>().shows[0]!;
    const seats = (await call('GET', `/api/bookings/seats/${oldShow._id}`)).json();
    expect(seats.totalSeats).toBe(8);
    expect(seats.screen).toEqual({ _id: screen._id, name: 'Editable Audi' });
    const after = await addShows(movie, day(2), ['6:00 PM'], {
      screen: screen._id,
      prices: { Classic: 200 },
    });
    expect(after.json().shows[0]).toMatchObject({ totalSeats: 2, screen: { name: 'Edited Audi' } });
  });
});

describe('shows on a screen', () => {
  let screen: Screen;
  let movie: string;
  beforeAll(async () => {
    screen = await addScreen('Priced Audi');
    movie = await addMovie('Two Classes', '100 min');
  });

  it('takes the layout and a price per class; showPrice is the lowest', async () => {
    const response = await addShows(movie, day(3), ['9:00 AM'], {
      screen: screen._id,
      prices: { Classic: 180.5, Recliner: 420 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().shows[0]).toMatchObject({
      totalSeats: 8,
      availableSeats: 8,
      showPrice: 180.5,
      prices: { Classic: 180.5, Recliner: 420 },
      screen: { _id: screen._id, name: 'Priced Audi' },
    });
    const missing = await addShows(movie, day(3), ['2:00 PM'], {
      screen: screen._id,
      prices: { Classic: 180 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter a price for every class: Recliner');
    const unknown = await addShows(movie, day(3), ['2:00 PM'], {
      screen: '00000000-0000-4000-8000-00000000dead',
      showPrice: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the spec payload working: the default screen, rows of 12, one class', async () => {
    const response = await addShows(movie, day(3), ['6:00 AM'], { showPrice: 250, totalSeats: 30 });
    expect(response.statusCode, response.body).toBe(201);
    const show = response.json<{ shows: Show[] }>().shows[0]!;
    expect(show).toMatchObject({
      totalSeats: 30,
      showPrice: 250,
      prices: { Standard: 250 },
      screen: { name: 'Screen 1' },
    });
    const seats = (await call('GET', `/api/bookings/seats/${show._id}`)).json();
    expect(seats.layout.rows.map((r: { seats: unknown[] }) => r.seats.length)).toEqual([12, 12, 6]);
    expect(seats.accessibleReleaseAt).toBeNull();
  });

  it('refuses a show overlapping another on the screen, counting runtime and cleaning, in the form check too', async () => {
    // The 9:00 AM show of 100 minutes leaves the screen free at 10:55 (15 minutes' cleaning).
    const other = await addMovie('Next Door', '30 min');
    const clash = await addShows(other, day(3), ['10:50 AM'], {
      screen: screen._id,
      prices: { Classic: 1, Recliner: 2 },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ success: false, message: 'This screen is already booked at that time' });
    const check = (time: string, screenId = screen._id) =>
      call(
        'GET',
        `/api/shows/check-timeslot?movieId=${other}&date=${day(3)}&time=${encodeURIComponent(time)}&screen=${screenId}`,
      );
    expect((await check('10:50 AM')).json()).toMatchObject({
      available: false,
      message: 'This screen is already booked at that time',
    });
    // Ending 30 + 15 minutes before the 9:00 AM start also overlaps; 8:15 AM fits exactly.
    expect((await check('8:20 AM')).json().available).toBe(false);
    expect((await check('8:15 AM')).json().available).toBe(true);
    expect((await check('10:55 AM')).json().available).toBe(true);
    expect((await check('10:50 AM', '00000000-0000-4000-8000-000000000001')).json().available).toBe(true);
    const fits = await addShows(other, day(3), ['10:55 AM'], {
      screen: screen._id,
      prices: { Classic: 1, Recliner: 2 },
    });
    expect(fits.statusCode, fits.body).toBe(201);
    const elsewhere = await addShows(other, day(3), ['10:50 AM'], { showPrice: 100 });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('frees the time again when the show is cancelled', async () => {
    const movieB = await addMovie('Cancelled Slot', '60 min');
    const first = await addShows(movieB, day(4), ['3:00 PM'], {
      screen: screen._id,
      prices: { Classic: 1, Recliner: 2 },
    });
    const id = first.json().shows[0]._id;
    expect(
      (
        await addShows(movie, day(4), ['3:30 PM'], {
          screen: screen._id,
          prices: { Classic: 1, Recliner: 2 },
        })
      ).statusCode,
    ).toBe(409);
    expect((await call('POST', `/api/shows/${id}/cancel`, admin)).statusCode).toBe(200);
    expect(
      (
        await addShows(movie, day(4), ['3:30 PM'], {
          screen: screen._id,
          prices: { Classic: 1, Recliner: 2 },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('answers the seat map with screen, prices, layout and when held-back seats are released', async () => {
    const response = await addShows(movie, day(5), ['7:00 PM'], {
      screen: screen._id,
      prices: { Classic: 200, Recliner: 450 },
    });
    const show = response.json<{ shows: Show[] }>().shows[0]!;
    const seats = (await call('GET', `/api/bookings/seats/${show._id}`)).json();
    expect(seats).toMatchObject({
      success: true,
      occupiedSeats: {},
      totalSeats: 8,
      screen: { _id: screen._id, name: 'Priced Audi' },
      prices: { Classic: 200, Recliner: 450 },
      accessibleReleaseAt: new Date(Date.parse(show.startsAt) - 60 * 60_000).toISOString(),
    });
    expect(seats.layout.rows[1].seats[0]).toEqual({ id: 'B1', class: 'Recliner', kind: 'wheelchair' });

    // A Recliner and a Classic seat: the amount is the sum of their class prices, everywhere.
    const booked = await call('POST', '/api/bookings/create', buyer, {
      showId: show._id,
      selectedSeats: ['A1', 'B4'],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().booking.amount).toBe(650);
    const payment = await call('GET', `/api/payments/${booked.json().url.split('/pay/')[1]}`, buyer);
    expect(payment.json().payment.amount).toBe(650);
    const mine = await call('GET', `/api/bookings/${booked.json().bookingId}`, buyer);
    expect(mine.json().booking).toMatchObject({ amount: 650, show: { screen: { name: 'Priced Audi' } } });
  });
});

describe('retiring a screen', () => {
  it('takes no new shows on it, while its shows go on; restored, it takes them again', async () => {
    const screen = await addScreen('Retired Audi');
    const movie = await addMovie('On a retired screen');
    const prices = { Classic: 200, Recliner: 450 };
    const scheduled = await addShows(movie, day(4), ['10:00 AM'], { screen: screen._id, prices });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const show = scheduled.json<{ shows: Show[] }>().shows[0]!;

    const retired = await call('PUT', `/api/admin/screens/${screen._id}`, admin, { active: false });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({
      message: 'Screen retired: no new shows can be added to it. Shows already scheduled go on.',
      screen: { active: false, name: 'Retired Audi', upcomingShows: 1 },
    });
    const listed = (await call('GET', '/api/admin/screens', admin)).json<{ screens: Screen[] }>().screens;
    expect(listed.find((s) => s._id === screen._id)?.active).toBe(false);

    const refused = await addShows(movie, day(4), ['6:00 PM'], { screen: screen._id, prices });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: 'This screen has been retired: restore it before adding shows',
    });
    // The show made before sells as before.
    const booked = await call('POST', '/api/bookings/create', buyer, {
      showId: show._id,
      selectedSeats: ['A1'],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [entry] = await t.testDb.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, screen._id), eq(auditLog.action, 'screen.retire')));
    expect(entry).toMatchObject({ actorId: admin.userId, details: { active: { from: true, to: false } } });

    const restored = await call('PUT', `/api/admin/screens/${screen._id}`, admin, { active: true });
    expect(restored.json().screen.active).toBe(true);
    expect((await addShows(movie, day(4), ['6:00 PM'], { screen: screen._id, prices })).statusCode).toBe(201);
  });

  it('is refused a bad flag, and is for admins only', async () => {
    const screen = await addScreen('Flagged Audi');
    const bad = await call('PUT', `/api/admin/screens/${screen._id}`, admin, { active: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('active must be true or false');
    const empty = await call('PUT', `/api/admin/screens/${screen._id}`, admin, {});
    expect(empty.json()).toEqual({ success: false, message: 'Send a name and layout, or active' });
    const nameOnly = await call('PUT', `/api/admin/screens/${screen._id}`, admin, { name: 'Renamed' });
    expect(nameOnly.json()).toEqual({ success: false, message: 'Please draw the layout' });
    for (const who of [staff, buyer]) {
      const response = await call('PUT', `/api/admin/screens/${screen._id}`, who, { active: false });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Not authorized' });
    }
    expect(
      (await call('PUT', `/api/admin/screens/${screen._id}`, undefined, { active: false })).statusCode,
    ).toBe(401);
    const read = await call('GET', `/api/admin/screens/${screen._id}`, admin);
    expect(read.json().screen.active).toBe(true);
  });
});

describe('two staff adding overlapping shows at once', () => {
  const race = async (screenId: string, movieA: string, movieB: string, date: string) =>
    Promise.all([
      addShows(movieA, date, ['4:00 PM'], { screen: screenId, prices: { Classic: 1, Recliner: 2 } }),
      addShows(movieB, date, ['4:30 PM'], { screen: screenId, prices: { Classic: 1, Recliner: 2 } }),
    ]);

  it('lets one win, decided by the database; without the constraint both would', async () => {
    const screen = await addScreen('Raced Audi');
    const [a, b] = [await addMovie('Racer A'), await addMovie('Racer B')];
    for (let round = 0; round < 5; round++) {
      const results = await race(screen._id, a, b, day(6 + round));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    }
    // Control: the same race with the exclusion constraint gone double-books the screen.
    await t.testDb.database.db.execute(sql`alter table shows drop constraint shows_screen_no_overlap`);
    const results = await race(screen._id, a, b, day(12));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
  });
});
