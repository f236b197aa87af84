import { addDays, zonedDate, type AdminMovie, type Movie, type Show } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { testDatabaseKind } from '../../../test/database.ts';
import { insertBooking } from '../../fixtures/factories.ts';
import { auditLog, bookings, users } from '../../db/schema.ts';

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.bearer,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function addMovie(fields: Record<string, unknown> = {}): Promise<Movie> {
  const response = await call('POST', '/api/movies', admin, { Title: 'Kantara', Year: '2022', ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ movie: Movie }>().movie;
}

async function addShow(movie: string, date: string, time: string, extra: object = {}): Promise<Show> {
  const response = await call('POST', '/api/shows', admin, {
    movie,
    showPrice: 200,
    totalSeats: 24,
    dateTimings: [{ date, timings: [time] }],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ shows: Show[] }>().shows[0]!;
}

const edit = (id: string, payload: unknown, who: SignedIn | null = admin) =>
  call('PUT', `/api/movies/${id}`, who, payload);

async function auditOf(movieId: string) {
  return t.testDb.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'movie'), eq(auditLog.entityId, movieId)));
}

/** What a buyer is offered, from every buyer list: the ids of the movies in each. */
async function buyerLists(who: SignedIn) {
  const movies = (await call('GET', '/api/movies')).json<{ movies: Movie[] }>().movies;
  const withShows = (await call('GET', '/api/movies/movies-with-shows')).json<{ movies: Movie[] }>().movies;
  const shows = (await call('GET', '/api/shows')).json<{ shows: Show<Movie>[] }>().shows;
  const favourites = (await call('GET', '/api/user/favourites', who)).json<{ movies: Movie[] }>().movies;
  return {
    movies: movies.map((movie) => movie._id),
    withShows: withShows.map((movie) => movie._id),
    shows: [...new Set(shows.map((show) => show.movie._id))],
    favourites: favourites.map((movie) => movie._id),
  };
}

describe('PUT /api/movies/:id', () => {
  it('corrects any field of the add form, keeps the rest and the slug, and is audited', async () => {
    const movie = await addMovie({ Title: 'Kantaara', Genre: 'Drama', Runtime: '2h 28m', Ratings: '8.1' });
    const response = await edit(movie._id, {
      Title: 'Kantara',
      Poster: 'https://example.com/kantara.jpg',
      trailer_link: 'https://example.com/trailer',
      Ratings: '8.5/10',
      Rated: 'UA',
      featured: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ movie: Movie }>().movie;
    expect(updated).toMatchObject({
      _id: movie._id,
      slug: movie.slug,
      title: 'Kantara',
      Title: 'Kantara',
      poster: 'https://example.com/kantara.jpg',
      trailer_link: 'https://example.com/trailer',
      rating: 8.5,
      Rated: 'UA',
      featured: true,
      genre: 'Drama',
      Runtime: '2h 28m',
      active: true,
    });
    // Every process's copy of the catalogue is renewed: this one at once.
    expect((await call('GET', `/api/movies/${movie._id}`)).json<{ movie: Movie }>().movie.title).toBe(
      'Kantara',
    );
    const listed = (await call('GET', '/api/movies')).json<{ movies: Movie[] }>().movies;
    expect(listed.find((m) => m._id === movie._id)?.title).toBe('Kantara');

    const [entry] = (await auditOf(movie._id)).filter((row) => row.action === 'movie.update');
    expect(entry).toMatchObject({ actorId: admin.userId });
    expect(entry!.details).toMatchObject({ changes: { Title: { from: 'Kantaara', to: 'Kantara' } } });

    // An empty optional field clears it.
    const cleared = await edit(movie._id, { trailer_link: '', Genre: '' });
    expect(cleared.json<{ movie: Movie }>().movie).toMatchObject({ trailer_link: null, genre: '' });
  });

  it('checks every field in the same words as the add form', async () => {
    const movie = await addMovie();
    for (const payload of [
      { Title: '' },
      { Year: '18' },
      { Year: String(new Date().getUTCFullYear() + 5) },
      { Poster: 'not a link' },
      { trailer_link: 'javascript:alert(1)' },
      { Title: 'x'.repeat(201) },
      { featured: 'yes' },
    ]) {
      const created = await call('POST', '/api/movies', admin, {
        Title: 'Kantara',
        Year: '2022',
        ...payload,
      });
      const edited = await edit(movie._id, payload);
      expect(edited.statusCode, JSON.stringify(payload)).toBe(400);
      expect(created.statusCode).toBe(400);
      expect(edited.json()).toEqual({ success: false, message: created.json<{ message: string }>().message });
    }
    expect((await edit(movie._id, { active: 'no' })).json()).toEqual({
      success: false,
      message: 'active must be true or false',
    });
    expect((await edit(movie._id, [1, 2])).statusCode).toBe(400);
    // Nothing of a refused edit was kept.
    expect((await call('GET', `/api/movies/${movie._id}`)).json<{ movie: Movie }>().movie.title).toBe(
      'Kantara',
    );
  });

  it('is 404 for an unknown or malformed id', async () => {
    for (const id of ['5d6f5c9e-0000-4000-8000-000000000000', 'not-an-id', '%27']) {
      const response = await edit(id, { Title: 'X' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Movie not found' });
    }
  });

  it('is for admins: 401 without a session, 403 for staff and buyers', async () => {
    const movie = await addMovie();
    expect((await edit(movie._id, { Title: 'X' }, null)).json()).toEqual({
      success: false,
      message: 'Authentication required',
    });
    expect((await call('DELETE', `/api/movies/${movie._id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/movies')).statusCode).toBe(401);
    for (const who of [staff, buyer]) {
      const response = await edit(movie._id, { Title: 'X' }, who);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Not authorized' });
      expect((await call('DELETE', `/api/movies/${movie._id}`, who)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/movies', who)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/movies/${movie._id}`)).json<{ movie: Movie }>().movie.title).toBe(
      'Kantara',
    );
  });

  it('moves when the screen is free after each show by a new runtime, refusing an overlap', async () => {
    const movie = await addMovie({ Title: 'Short cut', Runtime: '90 min' });
    const other = await addMovie({ Title: 'Next one', Runtime: '90 min' });
    // 10:00 + 90 + 15 cleaning = 11:45: the next show at 12:00 fits, until the film is 2 h long.
    await addShow(movie._id, day(3), '10:00');
    await addShow(other._id, day(3), '12:00');
    const longer = await edit(movie._id, { Runtime: '120 min' });
    expect(longer.statusCode).toBe(409);
    expect(longer.json()).toEqual({ success: false, message: 'This screen is already booked at that time' });
    expect((await call('GET', `/api/movies/${movie._id}`)).json<{ movie: Movie }>().movie.Runtime).toBe(
      '90 min',
    );
    expect((await edit(movie._id, { Runtime: '100 min' })).statusCode).toBe(200);
    // The new runtime is what the screen now keeps: a show at 11:50 would overlap it.
    const clash = await call('POST', '/api/shows', admin, {
      movie: other._id,
      showPrice: 200,
      totalSeats: 24,
      screen: '00000000-0000-4000-8000-000000000001',
      dateTimings: [{ date: day(3), timings: ['11:50'] }],
    });
    expect(clash.statusCode).toBe(409);
  });
});

describe('retiring a movie', () => {
  it('hides it from every buyer list, keeps its tickets and GET by id, refuses new shows and bookings', async () => {
    const movie = await addMovie({ Title: 'Retiring soon' });
    const show = await addShow(movie._id, day(2), '9:00 AM');
    await call('POST', '/api/user/update-favourites', buyer, { movieId: movie._id });
    const bookingId = await insertBooking(t.testDb.database.db, {
      userId: buyer.userId,
      showId: show._id,
      seats: ['A1', 'A2'],
      now: t.clock.now,
    });
    const before = await buyerLists(buyer);
    for (const list of Object.values(before)) expect(list).toContain(movie._id);

    const retired = await edit(movie._id, { active: false });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({
      success: true,
      message: 'Movie retired',
      movie: { active: false },
    });

    const after = await buyerLists(buyer);
    for (const list of Object.values(after)) expect(list).not.toContain(movie._id);
    const movieShows = await call('GET', `/api/shows/movie/${movie._id}`);
    expect(movieShows.json<{ shows: Show[] }>().shows).toEqual([]);

    const byId = await call('GET', `/api/movies/${movie._id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json<{ movie: Movie }>().movie).toMatchObject({ title: 'Retiring soon', active: false });
    const ticket = await call('GET', `/api/bookings/${bookingId}/ticket`, buyer);
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json()).toMatchObject({ ticket: { movie: 'Retiring soon', seats: ['A1', 'A2'] } });
    const booking = await call('GET', `/api/bookings/${bookingId}`, buyer);
    expect(booking.json()).toMatchObject({ booking: { status: 'paid' } });

    const newShow = await call('POST', '/api/shows', admin, {
      movie: movie._id,
      showPrice: 200,
      totalSeats: 24,
      dateTimings: [{ date: day(4), timings: ['9:00 AM'] }],
    });
    expect(newShow.statusCode).toBe(409);
    expect(newShow.json()).toEqual({
      success: false,
      message: 'This movie has been retired: restore it before adding shows',
    });
    const hold = await call('POST', '/api/bookings/create', buyer, {
      showId: show._id,
      selectedSeats: ['B1'],
    });
    expect(hold.statusCode).toBe(409);
    expect(hold.json()).toEqual({
      success: false,
      message: 'This movie is no longer showing: it cannot be booked',
    });
    expect((await call('GET', `/api/bookings/seats/${show._id}`)).json()).toMatchObject({
      occupiedSeats: { A1: true, A2: true },
    });
    const audit = (await auditOf(movie._id)).map((row) => row.action);
    expect(audit).toContain('movie.retire');

    const restored = await edit(movie._id, { active: true });
    expect(restored.json()).toMatchObject({ message: 'Movie restored', movie: { active: true } });
    const back = await buyerLists(buyer);
    for (const list of Object.values(back)) expect(list).toContain(movie._id);
    const held = await call('POST', '/api/bookings/create', buyer, {
      showId: show._id,
      selectedSeats: ['B1'],
    });
    expect(held.statusCode, held.body).toBe(200);
    expect((await auditOf(movie._id)).map((row) => row.action)).toContain('movie.restore');
  });

  it('reaches the catalogue copy of every process', async () => {
    const other = await createTestApp({ testDb: t.testDb });
    try {
      const movie = await addMovie({ Title: 'Seen elsewhere' });
      const listed = async () =>
        (await other.app.inject({ method: 'GET', url: '/api/movies' }))
          .json<{ movies: Movie[] }>()
          .movies.map((m) => m.title);
      await expect.poll(listed).toContain('Seen elsewhere');
      await edit(movie._id, { Title: 'Seen everywhere' });
      await expect.poll(listed).toContain('Seen everywhere');
      await edit(movie._id, { active: false });
      await expect.poll(listed).not.toContain('Seen everywhere');
      const byId = await other.app.inject({ method: 'GET', url: `/api/movies/${movie._id}` });
      expect(byId.json<{ movie: Movie }>().movie.active).toBe(false);
    } finally {
      await other.app.close();
    }
  });

  it('lets a hold already under way finish first, and no hold after it', async () => {
    const movie = await addMovie({ Title: 'Rush' });
    const show = await addShow(movie._id, day(2), '8:00 PM');
    const holds = Array.from({ length: 6 }, (_, n) =>
      call('POST', '/api/bookings/create', buyer, { showId: show._id, selectedSeats: [`A${n + 3}`] }),
    );
    const retired = edit(movie._id, { active: false });
    const answers = await Promise.all([...holds, retired]);
    expect(answers.at(-1)!.statusCode).toBe(200);
    for (const answer of answers.slice(0, -1)) expect([200, 409]).toContain(answer.statusCode);
    // Whatever the order, nothing is held after the retirement committed.
    const later = await call('POST', '/api/bookings/create', buyer, {
      showId: show._id,
      selectedSeats: ['B2'],
    });
    expect(later.statusCode).toBe(409);
    const { occupiedSeats } = (await call('GET', `/api/bookings/seats/${show._id}`)).json<{
      occupiedSeats: Record<string, true>;
    }>();
    expect(Object.keys(occupiedSeats).length).toBe(answers.filter((a) => a.statusCode === 200).length - 1);
  });
});

describe('a retirement and a hold at the same moment', () => {
  // As a hold does: lock the show KEY SHARE and insert the booking, then stay open. The
  // retirement must wait for it (it locks the film's shows), so the booking commits before the
  // film is retired, never after. Without that lock the retirement commits at once.
  it.runIf(testDatabaseKind === 'postgres')('waits for a hold under way to commit', async () => {
    const movie = await addMovie({ Title: 'Held while retiring' });
    const show = await addShow(movie._id, day(7), '10:00 AM');
    const hold = new pg.Client({ connectionString: t.testDb.url });
    const watcher = new pg.Client({ connectionString: t.testDb.url });
    await Promise.all([hold.connect(), watcher.connect()]);
    try {
      await hold.query('begin');
      await hold.query('select 1 from shows where id = $1 for key share', [show._id]);
      await hold.query(
        `insert into bookings (id, user_id, show_id, seats, amount_paise, expires_at)
         values (gen_random_uuid(), $1, $2, '{A1}', 20000, now() + interval '10 minutes')`,
        [buyer.userId, show._id],
      );
      // inject() starts a request when it is awaited: Promise.resolve starts it now.
      const retired = Promise.resolve(edit(movie._id, { active: false }));
      for (;;) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= 1) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await hold.query('commit');
      expect((await retired).statusCode).toBe(200);
      const made = await t.testDb.database.db.select().from(bookings).where(eq(bookings.showId, show._id));
      expect(made).toHaveLength(1);
    } finally {
      await Promise.all([hold.end(), watcher.end()]);
    }
  });
});

describe('DELETE /api/movies/:id', () => {
  it('deletes a movie that never had a show, audited, and refuses one that had', async () => {
    const unused = await addMovie({ Title: 'Never shown' });
    await call('POST', '/api/user/update-favourites', buyer, { movieId: unused._id });
    const deleted = await call('DELETE', `/api/movies/${unused._id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Movie deleted' });
    expect((await call('GET', `/api/movies/${unused._id}`)).statusCode).toBe(404);
    expect((await auditOf(unused._id)).map((row) => row.action)).toContain('movie.delete');
    expect((await call('DELETE', `/api/movies/${unused._id}`, admin)).statusCode).toBe(404);

    const shown = await addMovie({ Title: 'Shown once' });
    const show = await addShow(shown._id, day(6), '11:00 AM');
    // Even cancelled, a show keeps its film: bookings and reports name it.
    await call('POST', `/api/shows/${show._id}/cancel`, admin);
    const refused = await call('DELETE', `/api/movies/${shown._id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: 'This movie has shows, so it cannot be deleted. Retire it instead.',
    });
    expect((await call('GET', `/api/movies/${shown._id}`)).statusCode).toBe(200);
  });

  it('lists every movie for admins, retired ones too, with its show count', async () => {
    const retired = await addMovie({ Title: 'Listed though retired' });
    await addShow(retired._id, day(5), '10:00 AM');
    await edit(retired._id, { active: false });
    const response = await call('GET', '/api/admin/movies', admin);
    expect(response.statusCode).toBe(200);
    const entry = response.json<{ movies: AdminMovie[] }>().movies.find((m) => m._id === retired._id);
    expect(entry).toMatchObject({ active: false, showCount: 1 });
  });
});
