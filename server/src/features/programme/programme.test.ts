import { addDays, zonedDate, type Movie, type Show } from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { auditLog, bookings, refunds, shows, users } from '../../db/schema.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { deleteMessages, deleteShow } from './delete-show.ts';
import { updateShow } from './update-show.ts';

let t: TestApp;
let staff: SignedIn;
let buyer: SignedIn;
let tomorrow: string;
let dayAfter: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUp(t.app, { name: 'Staff Member' });
  buyer = await signUp(t.app, { name: 'Buyer' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
  const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
  tomorrow = addDays(today, 1);
  dayAfter = addDays(today, 2);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer, ...(payload ? { payload } : {}) });

async function addMovie(fields: Record<string, unknown> = {}): Promise<Movie> {
  const response = await call('POST', '/api/movies', staff, {
    Title: 'Programme Test',
    Year: '2025',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ movie: Movie }>().movie;
}

async function addShows(movie: string, dateTimings: object[], extra: object = {}) {
  return call('POST', '/api/shows', staff, { movie, showPrice: 250, totalSeats: 96, dateTimings, ...extra });
}

async function book(who: SignedIn, showId: string, seats: string[], pay = false) {
  const response = await call('POST', '/api/bookings/create', who, { showId, selectedSeats: seats });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ bookingId: string; url: string }>();
  if (pay) {
    const paid = await call('POST', `/api/payments/${body.url.split('/pay/')[1]}/sandbox-pay`, who, {});
    expect(paid.json()).toMatchObject({ success: true, status: 'paid' });
  }
  return body.bookingId;
}

describe('who may run the programme', () => {
  it.each([
    ['POST', '/api/movies'],
    ['POST', '/api/shows'],
    ['PUT', '/api/shows/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/shows/00000000-0000-4000-8000-000000000000/cancel'],
    ['DELETE', '/api/shows/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s: 401 signed out, 403 for a buyer', async (method, url) => {
    const signedOut = await call(method, url, undefined, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ success: false, message: 'Authentication required' });
    const forbidden = await call(method, url, buyer, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, message: 'Not authorized' });
  });
});

describe('adding a movie', () => {
  it('refuses a missing title or year and a poster that is not a URL, in plain words', async () => {
    const noTitle = await call('POST', '/api/movies', staff, { Year: '2020' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required');
    for (const Runtime of ['9999999999h', '25h', '1440 min']) {
      const endless = await call('POST', '/api/movies', staff, { Title: 'Endless', Year: '2020', Runtime });
      expect(endless.statusCode, Runtime).toBe(400);
      expect(endless.json().message).toBe('Runtime must be less than 24 hours');
    }
    const blankYear = await call('POST', '/api/movies', staff, { Title: 'X', Year: '  ' });
    expect(blankYear.json().message).toBe('Year is required');
    const latest = new Date().getUTCFullYear() + 1;
    for (const Year of ['abcd', '1887', String(latest + 1)]) {
      const badYear = await call('POST', '/api/movies', staff, { Title: 'X', Year });
      expect(badYear.statusCode, Year).toBe(400);
      expect(badYear.json().message).toBe(`Year must be a four-digit year from 1888 to ${latest}`);
    }
    expect((await call('POST', '/api/movies', staff, { Title: 'Next Year', Year: latest })).statusCode).toBe(
      201,
    );
    const badPoster = await call('POST', '/api/movies', staff, {
      Title: 'X',
      Year: '2020',
      Poster: 'poster.jpg',
    });
    expect(badPoster.statusCode).toBe(400);
    expect(badPoster.json().message).toBe('Poster must be a URL');
    const script = await call('POST', '/api/movies', staff, {
      Title: 'X',
      Year: '2020',
      Poster: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
  });

  it('adds the movie to the catalogue at once, with both field spellings and a free slug', async () => {
    const movie = await addMovie({
      Title: 'The Night Train',
      Year: 2024,
      Genre: 'Drama',
      Runtime: '112 min',
      Plot: 'A long way home.',
      Poster: 'https://images.example.com/night-train.jpg',
      Ratings: '7.8/10',
      Director: 'R. Menon',
    });
    expect(movie).toMatchObject({
      title: 'The Night Train',
      Title: 'The Night Train',
      Year: '2024',
      description: 'A long way home.',
      duration: '112 min',
      rating: 7.8,
      Ratings: '7.8',
      slug: 'the-night-train',
      featured: false,
    });
    const listed = (await call('GET', '/api/movies')).json<{ movies: Movie[] }>().movies;
    expect(listed.map((m) => m._id)).toContain(movie._id);
    expect((await call('GET', '/api/movies/the-night-train')).json().movie._id).toBe(movie._id);

    const again = await addMovie({ Title: 'The Night Train', Year: '2024' });
    expect(again.slug).toBe('the-night-train-2024');
    const third = await addMovie({ Title: 'The Night Train', Year: '2024' });
    expect(third.slug).toBe('the-night-train-2');
  });
});

describe('adding shows', () => {
  let movie: Movie;
  beforeAll(async () => {
    movie = await addMovie({ Title: 'Show Maker' });
  });

  it.each([
    [{ movie: '' }, 'Please select a movie'],
    [{ showPrice: 0 }, 'Please enter a valid show price'],
    [{ showPrice: 'abc' }, 'Please enter a valid show price'],
    [{ totalSeats: 0 }, 'Please enter a valid total seats count'],
    [{ totalSeats: 501 }, 'Please enter a valid total seats count'],
    [{ totalSeats: 10.5 }, 'Please enter a valid total seats count'],
    [{ dateTimings: [] }, 'Please add at least one date with timings'],
    [{ dateTimings: [{ date: '2099-01-01', timings: [] }] }, 'Please add at least one date with timings'],
    [{ dateTimings: [{ date: '2099-02-30', timings: ['7:00 PM'] }] }, 'Invalid date: 2099-02-30'],
    [{ dateTimings: [{ date: '2099-01-01', timings: ['25:00'] }] }, 'Invalid time: 25:00'],
  ])('refuses %j with “%s”', async (change, message) => {
    const response = await call('POST', '/api/shows', staff, {
      movie: movie._id,
      showPrice: 200,
      totalSeats: 100,
      dateTimings: [{ date: '2099-01-01', timings: [{ time: '7:00 PM', occupiedSeats: {} }] }],
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
  });

  it('refuses the same time twice on a date, in either spelling', async () => {
    const response = await addShows(movie._id, [{ date: tomorrow, timings: ['7:30 PM', { time: '19:30' }] }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This timing already exists for the selected date');
  });

  it('refuses an unknown movie and a time already past', async () => {
    const unknown = await addShows('00000000-0000-4000-8000-000000000000', [
      { date: tomorrow, timings: ['1:00 PM'] },
    ]);
    expect(unknown.statusCode).toBe(404);
    const past = await addShows(movie._id, [{ date: '2020-01-01', timings: ['1:00 PM'] }]);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/must be in the future/);
  });

  it('creates every show of the draft in the cinema’s calendar, and the slot check then says taken', async () => {
    const slot = `/api/shows/check-timeslot?movieId=${movie._id}&date=${tomorrow}&time=${encodeURIComponent('6:15 PM')}`;
    expect((await call('GET', slot)).json()).toMatchObject({ success: true, available: true });

    const response = await addShows(movie._id, [
      { date: dayAfter, timings: [{ time: '9:00 PM', occupiedSeats: {} }] },
      {
        date: tomorrow,
        timings: [
          { time: '6:15 PM', occupiedSeats: {} },
          { time: '10:00', occupiedSeats: {} },
        ],
      },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('3 shows added successfully');
    const created = response.json<{ shows: Show[] }>().shows;
    expect(created.map((s) => [s.showDate, s.showTime])).toEqual([
      [tomorrow, '10:00 AM'],
      [tomorrow, '6:15 PM'],
      [dayAfter, '9:00 PM'],
    ]);
    expect(created[0]).toMatchObject({
      showPrice: 250,
      totalSeats: 96,
      availableSeats: 96,
      status: 'active',
    });

    const listed = (await call('GET', `/api/shows/movie/${movie._id}`)).json<{ shows: Show[] }>().shows;
    expect(listed.map((s) => s._id).sort()).toEqual(created.map((s) => s._id).sort());
    expect((await call('GET', slot)).json()).toMatchObject({ available: false });
    expect((await call('GET', slot.replace('6%3A15%20PM', '18%3A15'))).json()).toMatchObject({
      available: false,
    });

    const taken = await addShows(movie._id, [{ date: tomorrow, timings: ['18:15'] }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This time slot is already booked for the selected movie');
  });

  it('lets only one of two staff racing for the same slot win', async () => {
    const slot = [{ date: dayAfter, timings: ['11:45 AM'] }];
    const results = await Promise.all([addShows(movie._id, slot), addShows(movie._id, slot)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers the slot check with 400 for bad input and 404 for an unknown movie', async () => {
    expect((await call('GET', `/api/shows/check-timeslot?date=${tomorrow}&time=1:00%20PM`)).statusCode).toBe(
      400,
    );
    expect(
      (await call('GET', `/api/shows/check-timeslot?movieId=${movie._id}&date=tomorrow&time=1:00%20PM`))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          `/api/shows/check-timeslot?movieId=00000000-0000-4000-8000-000000000000&date=${tomorrow}&time=1:00%20PM`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('editing, cancelling and deleting a show', () => {
  let movie: Movie;
  let show: Show;
  // Days and a runtime of their own, so these shows never meet the others on the default screen.
  let later: string;
  let laterStill: string;
  beforeAll(async () => {
    later = addDays(tomorrow, 2);
    laterStill = addDays(tomorrow, 3);
    movie = await addMovie({ Title: 'Editable', Runtime: '20 min' });
    const response = await addShows(movie._id, [{ date: later, timings: ['3:00 PM', '8:00 PM'] }]);
    [show] = response.json<{ shows: Show[] }>().shows as [Show];
  });

  it('changes the price and moves the show, refusing a slot the movie already has', async () => {
    const priced = await call('PUT', `/api/shows/${show._id}`, staff, { showPrice: 320.5 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().show.showPrice).toBe(320.5);
    const clash = await call('PUT', `/api/shows/${show._id}`, staff, {
      showDate: later,
      showTime: '8:00 PM',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This time slot is already booked for the selected movie');
    const moved = await call('PUT', `/api/shows/${show._id}`, staff, {
      showDate: later,
      showTime: '4:30 PM',
    });
    expect(moved.json().show).toMatchObject({ showDate: later, showTime: '4:30 PM' });
    const halfMove = await call('PUT', `/api/shows/${show._id}`, staff, { showTime: '5:00 PM' });
    expect(halfMove.statusCode).toBe(400);
    expect((await call('PUT', `/api/shows/${show._id}`, staff, {})).statusCode).toBe(400);
    const past = await call('PUT', `/api/shows/${show._id}`, staff, {
      showDate: '2020-01-01',
      showTime: '5:00 PM',
    });
    expect(past.statusCode).toBe(400);
  });

  it('never shrinks the seat map past a seat that is held or sold', async () => {
    await book(buyer, show._id, ['C5']);
    const tooSmall = await call('PUT', `/api/shows/${show._id}`, staff, { totalSeats: 24 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe(
      'Total seats cannot be fewer than 29: seat C5 is already held or sold',
    );
    const fits = await call('PUT', `/api/shows/${show._id}`, staff, { totalSeats: 29 });
    expect(fits.json().show).toMatchObject({ totalSeats: 29, availableSeats: 28 });
    const seats = (await call('GET', `/api/bookings/seats/${show._id}`)).json();
    expect(seats).toMatchObject({ totalSeats: 29, availableSeats: 28, occupiedSeats: { C5: true } });
  });

  it('refuses to delete a show that has bookings', async () => {
    const response = await call('DELETE', `/api/shows/${show._id}`, staff);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/has bookings/);
  });

  it('cancels the show with its bookings, refunding the paid one exactly once', async () => {
    const paidId = await book(buyer, show._id, ['A1', 'A2'], true);
    const cancelled = await call('POST', `/api/shows/${show._id}/cancel`, staff);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      cancelledBookings: 2,
      refundedBookings: 1,
      show: { status: 'cancelled' },
    });
    const { db } = t.testDb.database;
    const states = await db.select().from(bookings).where(eq(bookings.showId, show._id));
    expect(states.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    const paid = (await call('GET', `/api/bookings/${paidId}`, buyer)).json().booking;
    expect(paid).toMatchObject({ status: 'cancelled', refund: { amount: 641, status: 'succeeded' } });
    expect((await call('GET', `/api/bookings/seats/${show._id}`)).json()).toMatchObject({
      status: 'cancelled',
      occupiedSeats: {},
    });

    const again = await call('POST', `/api/shows/${show._id}/cancel`, staff);
    expect(again.json()).toMatchObject({ message: 'Show already cancelled', cancelledBookings: 0 });
    expect(await db.select().from(refunds)).toHaveLength(1);

    const late = await call('POST', '/api/bookings/create', buyer, {
      showId: show._id,
      selectedSeats: ['B1'],
    });
    expect(late.statusCode).toBe(400);
    expect((await call('PUT', `/api/shows/${show._id}`, staff, { showPrice: 10 })).statusCode).toBe(400);
    // The slot is free again for the movie.
    expect((await addShows(movie._id, [{ date: later, timings: ['4:30 PM'] }])).statusCode).toBe(201);
  });

  it('deletes a show nobody booked', async () => {
    const response = await addShows(movie._id, [{ date: laterStill, timings: ['1:00 PM'] }]);
    const [fresh] = response.json<{ shows: Show[] }>().shows as [Show];
    const deleted = await call('DELETE', `/api/shows/${fresh._id}`, staff);
    expect(deleted.json()).toEqual({ success: true, message: 'Show deleted' });
    expect((await call('GET', `/api/bookings/seats/${fresh._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shows/${fresh._id}`, staff)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/shows/not-a-show', staff)).statusCode).toBe(404);
  });

  it('refuses to delete a show a booking was exchanged away from, or one people wait for (409, not 500)', async () => {
    const response = await addShows(movie._id, [{ date: laterStill, timings: ['4:00 PM', '7:00 PM'] }]);
    const [from, to] = response.json<{ shows: Show[] }>().shows as [Show, Show];
    const bookingId = await book(buyer, from._id, ['A1'], true);
    const exchanged = await call('POST', `/api/bookings/${bookingId}/exchange`, buyer, {
      showId: to._id,
      selectedSeats: ['A1'],
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    // No booking names the show now; its old claims still do.
    const emptied = await call('DELETE', `/api/shows/${from._id}`, staff);
    expect(emptied.statusCode, emptied.body).toBe(409);
    expect(emptied.json().message).toBe(deleteMessages.booked);

    const [waited] = (await addShows(movie._id, [{ date: laterStill, timings: ['10:00 PM'] }])).json<{
      shows: Show[];
    }>().shows as [Show];
    expect((await call('PUT', `/api/shows/${waited._id}`, staff, { totalSeats: 2 })).statusCode).toBe(200);
    // One of its two seats would leave the other alone (the single-seat rule): nothing seats a party
    // of one now, so it waits, though the row could seat it once the other seat is taken.
    const joined = await call('POST', `/api/shows/${waited._id}/waitlist`, buyer, { quantity: 1 });
    expect(joined.statusCode, joined.body).toBe(201);
    const waiting = await call('DELETE', `/api/shows/${waited._id}`, staff);
    expect(waiting.statusCode, waiting.body).toBe(409);
    expect(waiting.json().message).toBe(deleteMessages.waiting);
  });

  it('records every staff action in the audit log with who did it', async () => {
    const { db } = t.testDb.database;
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorId, staff.userId));
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ['movie.create', 'show.create', 'show.update', 'show.cancel', 'show.delete'])
      expect(actions).toContain(action);
    expect(await db.select().from(shows).where(eq(shows.movieId, movie._id))).not.toHaveLength(0);
  });
});

describe("changing a show's class prices", () => {
  it('takes a price for every class: new bookings pay the new prices, bookings made before keep theirs', async () => {
    const seat = (cls: string) => ({ class: cls, kind: 'seat' });
    const screen = await call('POST', '/api/admin/screens', staff, {
      name: 'Repriced Hall',
      layout: {
        rows: [
          { seats: [seat('Classic'), seat('Classic')] },
          { seats: [seat('Recliner'), seat('Recliner')] },
        ],
      },
    });
    expect(screen.statusCode, screen.body).toBe(201);
    const movie = await addMovie({ Title: 'Two Prices', Runtime: '90 min' });
    const added = await call('POST', '/api/shows', staff, {
      movie: movie._id,
      screen: screen.json().screen._id,
      prices: { Classic: 150, Recliner: 400 },
      dateTimings: [{ date: addDays(tomorrow, 4), timings: ['6:00 PM'] }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const showId = added.json<{ shows: Show[] }>().shows[0]!._id;
    const paid = await book(buyer, showId, ['B1'], true);
    const held = await book(staff, showId, ['A1']);

    // One "Show Price" cannot price two classes; a price for every class is needed.
    const single = await call('PUT', `/api/shows/${showId}`, staff, { showPrice: 200 });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe('Please enter a price for every class: Classic, Recliner');
    const partial = await call('PUT', `/api/shows/${showId}`, staff, { prices: { Classic: 200 } });
    expect(partial.json().message).toBe('Please enter a price for every class: Recliner');
    const changed = await call('PUT', `/api/shows/${showId}`, staff, {
      prices: { Classic: 175.5, Recliner: 450 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().show).toMatchObject({
      prices: { Classic: 175.5, Recliner: 450 },
      showPrice: 175.5,
    });

    const amount = async (id: string) =>
      (await call('GET', `/api/bookings/${id}`, staff)).json().booking.amount;
    expect(await amount(paid)).toBe(400);
    expect(await amount(held)).toBe(150);
    // The hold made before is paid at its own price.
    const payment = await call('GET', `/api/bookings/${held}`, staff);
    const paymentUrl = payment.json().booking.paymentLink as string;
    const settled = await call(
      'POST',
      `/api/payments/${paymentUrl.split('/pay/')[1]}/sandbox-pay`,
      staff,
      {},
    );
    expect(settled.json()).toMatchObject({ success: true, status: 'paid' });
    expect(await amount(held)).toBe(150);
    const [row] = await t.testDb.database.db.select().from(bookings).where(eq(bookings.id, held));
    expect(row!.amountPaise).toBe(15_000);
    // A new hold pays the new prices.
    const fresh = await book(buyer, showId, ['A2', 'B2']);
    expect(await amount(fresh)).toBe(625.5);
  });
});

describe('a staff change and its audit row commit together', () => {
  // The database refuses the audit row of one show: the change it records must not be kept.
  async function refuseAuditOf(showId: string) {
    const { db } = t.testDb.database;
    await db.execute(
      sql.raw(`
      create or replace function test_refuse_audit() returns trigger language plpgsql as $$
      begin
        if new.entity_id = '${showId}' then raise exception 'audit refused for this test'; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_refuse_audit before insert on audit_log
        for each row execute function test_refuse_audit()`),
    );
    return () => db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
  }
  const auditOf = (showId: string) =>
    t.testDb.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'show'), eq(auditLog.entityId, showId)));

  it('an edit whose audit row is lost is not kept; a kept edit has its row', async () => {
    const movie = await addMovie({ Title: 'Audit Edit' });
    // A day past the seeded programme, so every screen is free then.
    const [show] = (await addShows(movie._id, [{ date: addDays(dayAfter, 6), timings: ['9:00 AM'] }])).json<{
      shows: Show[];
    }>().shows as [Show];
    const { db } = t.testDb.database;
    const edit = (showPrice: number) =>
      updateShow({
        db,
        showId: show._id,
        actorId: staff.userId,
        input: { showPrice },
        now: t.clock.now,
        timeZone: t.config.CINEMA_TIMEZONE,
      });
    const restore = await refuseAuditOf(show._id);
    try {
      await expect(edit(999)).rejects.toThrow();
    } finally {
      await restore();
    }
    const [unchanged] = await db.select().from(shows).where(eq(shows.id, show._id));
    expect(unchanged!.pricePaise).toBe(25_000);
    expect(await auditOf(show._id)).toEqual([]);

    await edit(300);
    expect(await auditOf(show._id)).toEqual([
      expect.objectContaining({
        actorId: staff.userId,
        action: 'show.update',
        details: { prices: { from: { Standard: 250 }, to: { Standard: 300 } } },
      }),
    ]);
  });

  it('a delete whose audit row is lost is not kept; a kept delete has its row', async () => {
    const movie = await addMovie({ Title: 'Audit Delete' });
    const [show] = (await addShows(movie._id, [{ date: addDays(dayAfter, 7), timings: ['9:30 AM'] }])).json<{
      shows: Show[];
    }>().shows as [Show];
    const { db } = t.testDb.database;
    const remove = () => deleteShow({ db, showId: show._id, actorId: staff.userId });
    const restore = await refuseAuditOf(show._id);
    try {
      await expect(remove()).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await db.select().from(shows).where(eq(shows.id, show._id))).toHaveLength(1);
    expect(await auditOf(show._id)).toEqual([]);

    await remove();
    expect(await db.select().from(shows).where(eq(shows.id, show._id))).toEqual([]);
    expect(await auditOf(show._id)).toEqual([
      expect.objectContaining({ actorId: staff.userId, action: 'show.delete' }),
    ]);
  });
});

describe('moving a show whose doors have opened', () => {
  it('refuses once a guest has been admitted (they could not be let in again at the new time); prices still change', async () => {
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Doors Open', runtime: '90 min' });
    const soon = await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 60 * 60_000),
      pricePaise: 20_000,
    });
    const bookingId = await book(buyer, soon.id, ['D4', 'D5'], true);
    const [{ reference }] = (await db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.id, bookingId))) as [{ reference: string }];
    const moveTo = {
      showDate: addDays(zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE), 2),
      showTime: '9:00 PM',
    };
    // Before anyone is in, the show may still move.
    expect((await call('GET', `/api/shows/${soon.id}/paid-bookings`, staff)).statusCode).toBe(200);
    const admitted = await call('POST', '/api/checkin', staff, { reference });
    expect(admitted.json()).toMatchObject({ success: true, message: 'Checked in' });

    const moved = await call('PUT', `/api/shows/${soon.id}`, staff, moveTo);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      success: false,
      message: 'Guests have already been admitted to this show, so it cannot be moved to another time',
    });
    const [row] = await db.select({ startsAt: shows.startsAt }).from(shows).where(eq(shows.id, soon.id));
    expect(row!.startsAt.getTime()).toBe(soon.startsAt.getTime());
    const repriced = await call('PUT', `/api/shows/${soon.id}`, staff, { showPrice: 250 });
    expect(repriced.statusCode, repriced.body).toBe(200);
  });
});
