import { addDays, zonedDate, type Movie, type Show } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema.ts';

// Issue 34 item 7: a film's languages and format, and a show's (CONTRACT §3: PUT takes both).
let t: TestApp;
let admin: SignedIn;
let day: (n: number) => string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { name: 'Admin' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
  day = (n) => addDays(today, n);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.bearer, ...(payload ? { payload: payload as object } : {}) });

let titles = 0;
async function addMovie(fields: Record<string, unknown>) {
  return call('POST', '/api/movies', { Title: `Film ${++titles}`, Year: '2024', ...fields });
}

describe('a film’s languages and format', () => {
  it('are taken from the add form, any case, and answered on the movie', async () => {
    const response = await addMovie({
      languages: ['hindi', 'Tamil', 'Hindi'],
      format: 'imax',
      Rated: 'UA 13+',
    });
    expect(response.statusCode, response.body).toBe(201);
    const movie = response.json<{ movie: Movie }>().movie;
    expect(movie).toMatchObject({ languages: ['Hindi', 'Tamil'], format: 'IMAX', Rated: 'UA 13+' });
    // The add form's free Language text names them when it was left empty.
    expect(movie.Language).toBe('Hindi, Tamil');
  });

  it('are read from the Language text when not given, and default to 2D', async () => {
    const movie = (await addMovie({ Language: 'English, Malayalam, Klingon' })).json<{ movie: Movie }>()
      .movie;
    expect(movie).toMatchObject({
      languages: ['English', 'Malayalam'],
      format: '2D',
      Language: 'English, Malayalam, Klingon',
    });
  });

  it('still take any Rated text (the spec: no other validation)', async () => {
    const movie = (await addMovie({ Rated: 'PG-13' })).json<{ movie: Movie }>().movie;
    expect(movie.Rated).toBe('PG-13');
  });

  it('are refused with a 400 that says what is wrong', async () => {
    const unknown = await addMovie({ languages: ['Hindi', 'Klingon'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown language: Klingon/);
    const empty = await addMovie({ languages: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Give at least one language');
    const notList = await addMovie({ languages: 'Hindi' });
    expect(notList.statusCode).toBe(400);
    const format = await addMovie({ format: '4DX' });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe('Format must be one of: 2D, 3D, IMAX');
  });

  it('are corrected with PUT /api/movies/{id}', async () => {
    const movie = (await addMovie({ languages: ['Hindi'] })).json<{ movie: Movie }>().movie;
    const edited = await call('PUT', `/api/movies/${movie._id}`, {
      languages: ['Telugu', 'Hindi'],
      format: '3D',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ movie: Movie }>().movie).toMatchObject({
      languages: ['Telugu', 'Hindi'],
      format: '3D',
    });
    const bad = await call('PUT', `/api/movies/${movie._id}`, { format: 'VHS' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a show’s language and format', () => {
  it('default to the film’s first language and its format, and can be chosen on Add Show', async () => {
    const movie = (
      await addMovie({ languages: ['Tamil', 'Telugu'], format: '3D', Runtime: '100 min' })
    ).json<{
      movie: Movie;
    }>().movie;
    const add = (extra: object, time: string) =>
      call('POST', '/api/shows', {
        movie: movie._id,
        showPrice: 200,
        totalSeats: 24,
        dateTimings: [{ date: day(3), timings: [{ time }] }],
        ...extra,
      });
    const plain = await add({}, '10:00 AM');
    expect(plain.statusCode, plain.body).toBe(201);
    const chosen = await add({ language: 'telugu', format: 'IMAX' }, '4:00 PM');
    expect(chosen.statusCode, chosen.body).toBe(201);
    const other = await add({ language: 'Hindi' }, '9:00 PM');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This film is shown in Tamil, Telugu, not Hindi');

    const shows = (await call('GET', `/api/shows/movie/${movie._id}`)).json<{ shows: Show[] }>().shows;
    expect(shows.map((s) => [s.showTime, s.language, s.format])).toEqual([
      ['10:00 AM', 'Tamil', '3D'],
      ['4:00 PM', 'Telugu', 'IMAX'],
    ]);
  });
});
