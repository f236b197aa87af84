import { randomUUID } from 'node:crypto';
import { addDays, rowLabel, zonedDate, type Screen, type Show } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { screens, users } from '../../db/schema.ts';

let t: TestApp;
let admin: SignedIn;
let buyer: SignedIn;
let movieId: string;
let date: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer] = await Promise.all([signUp(t.app, { name: 'Admin' }), signUp(t.app, { name: 'Buyer' })]);
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  date = addDays(zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE), 3);
  const movie = await call('POST', '/api/movies', admin, {
    Title: 'Odd Classes',
    Year: '2025',
    Runtime: '60 min',
  });
  movieId = movie.json<{ movie: { _id: string } }>().movie._id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer, ...(payload ? { payload } : {}) });

const seat = (cls: string) => ({ class: cls, kind: 'seat' as const });

// Names an object inherits: read as `prices[name]` on a plain object they are functions, not
// "no price" (issue 24: a 500 when pricing a show).
const inherited = ['constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('what a screen layout may hold', () => {
  it.each(inherited.map((name, index) => [name, index]))(
    'a class named %s is priced, refused without a price, and booked at its price',
    async (name, index) => {
      const screen = await call('POST', '/api/admin/screens', admin, {
        name: `Odd ${index}`,
        layout: { rows: [{ seats: [seat(name), seat(name), seat(name)] }, { seats: [seat('Classic')] }] },
      });
      expect(screen.statusCode, screen.body).toBe(201);
      const screenId = screen.json<{ screen: Screen }>().screen._id;
      const at = `${index + 1}:00 PM`;
      const unpriced = await call('POST', '/api/shows', admin, {
        movie: movieId,
        screen: screenId,
        dateTimings: [{ date, timings: [at] }],
        prices: { Classic: 100 },
      });
      expect(unpriced.statusCode, unpriced.body).toBe(400);
      expect(unpriced.json().message).toBe(`Please enter a price for every class: ${name}`);

      const added = await call('POST', '/api/shows', admin, {
        movie: movieId,
        screen: screenId,
        dateTimings: [{ date, timings: [at] }],
        prices: JSON.parse(`{"${name}": 250, "Classic": 100}`),
      });
      expect(added.statusCode, added.body).toBe(201);
      const show = added.json<{ shows: Show[] }>().shows[0]!;
      const map = await call('GET', `/api/bookings/seats/${show._id}`);
      expect(map.json<{ prices: Record<string, number> }>().prices).toEqual(
        JSON.parse(`{"${name}": 250, "Classic": 100}`),
      );
      const booked = await call('POST', '/api/bookings/create', buyer, {
        showId: show._id,
        selectedSeats: ['A1', 'A2', 'A3'],
      });
      expect(booked.statusCode, booked.body).toBe(200);
      expect(booked.json().booking.amount).toBe(750);
    },
  );

  it('refuses a layout of more seats than a show may have (26 rows of 30 is 780)', async () => {
    const row = { seats: Array.from({ length: 30 }, () => seat('Classic')) };
    const tooBig = await call('POST', '/api/admin/screens', admin, {
      name: 'Huge',
      layout: { rows: Array.from({ length: 26 }, () => row) },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ success: false, message: 'A screen has at most 500 seats' });
    const largest = await call('POST', '/api/admin/screens', admin, {
      name: 'Largest',
      layout: { rows: [...Array.from({ length: 16 }, () => row), { seats: row.seats.slice(0, 20) }] },
    });
    expect(largest.statusCode, largest.body).toBe(201);
    const added = await call('POST', '/api/shows', admin, {
      movie: movieId,
      screen: largest.json<{ screen: Screen }>().screen._id,
      dateTimings: [{ date, timings: ['10:00 AM'] }],
      prices: { Classic: 120 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ shows: Show[] }>().shows[0]!.totalSeats).toBe(500);
  });

  it('refuses an edit to a layout of more seats than a show may have', async () => {
    const row = { seats: Array.from({ length: 30 }, () => seat('Classic')) };
    const screen = await call('POST', '/api/admin/screens', admin, {
      name: 'Growing',
      layout: { rows: [row] },
    });
    expect(screen.statusCode, screen.body).toBe(201);
    const edited = await call(
      'PUT',
      `/api/admin/screens/${screen.json<{ screen: Screen }>().screen._id}`,
      admin,
      {
        name: 'Growing',
        layout: { rows: Array.from({ length: 17 }, () => row) },
      },
    );
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ success: false, message: 'A screen has at most 500 seats' });
  });

  it('refuses in words a show on a screen stored with more seats than a show may have', async () => {
    // Layouts of up to 780 seats were accepted before the limit: such a screen may still exist.
    const id = randomUUID();
    await t.testDb.database.db.insert(screens).values({
      id,
      name: 'Stored before the limit',
      layout: {
        rows: Array.from({ length: 26 }, (_, index) => ({
          row: rowLabel(index),
          seats: Array.from({ length: 30 }, (_, n) => ({
            id: `${rowLabel(index)}${n + 1}`,
            class: 'Standard',
            kind: 'seat' as const,
          })),
        })),
      },
    });
    const added = await call('POST', '/api/shows', admin, {
      movie: movieId,
      screen: id,
      dateTimings: [{ date, timings: ['11:00 PM'] }],
      prices: { Standard: 120 },
    });
    expect(added.statusCode, added.body).toBe(409);
    expect(added.json()).toEqual({
      success: false,
      message: "A screen has at most 500 seats: change this screen's layout before adding shows",
    });
  });

  it('refuses a class named __proto__, which no price list could name', async () => {
    const screen = await call('POST', '/api/admin/screens', admin, {
      name: 'Odd proto',
      layout: { rows: [{ seats: [seat('__proto__'), seat('Classic')] }] },
    });
    expect(screen.statusCode).toBe(400);
    expect(screen.json()).toEqual({ success: false, message: 'A seat class cannot be named __proto__' });
  });
});
