import type { Movie, MovieWithShows, Show } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

async function get<T = Record<string, unknown>>(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T & { success: boolean; message: string }>() };
}

describe('GET /api/movies', () => {
  it('lists the catalogue with listing and detail fields', async () => {
    const { status, body } = await get<{ movies: Movie[] }>('/api/movies');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.movies.length).toBeGreaterThanOrEqual(5);
    const sintel = body.movies.find((movie) => movie.title === 'Sintel')!;
    expect(sintel).toMatchObject({
      title: 'Sintel',
      Title: 'Sintel',
      Year: '2010',
      Director: 'Colin Levy',
      poster: '/posters/sintel.svg',
      duration: '15 min',
      rating: 7.9,
      Ratings: '7.9',
      booking_link: `/booking/${sintel._id}`,
      featured: true,
    });
    expect(sintel.description).toBe(sintel.Plot);
    expect(typeof sintel._id).toBe('string');
  });

  it('serves every seeded poster from the app itself', async () => {
    const { body } = await get<{ movies: Movie[] }>('/api/movies');
    for (const movie of body.movies) {
      const response = await t.app.inject({ method: 'GET', url: movie.poster });
      expect(response.statusCode, movie.poster).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
    }
  });
});

describe('a movie without a rating', () => {
  it('has Ratings empty and rating null (cards show 8.0, the detail page N/A)', async () => {
    const { db } = t.testDb.database;
    const unrated = await insertMovie(db, { title: 'Unrated Film', rating: null });
    await insertShow(db, { movieId: unrated.id, startsAt: new Date(t.clock.now.getTime() + 86_400_000) });
    const { body } = await get<{ movies: MovieWithShows[] }>('/api/movies/movies-with-shows');
    const entry = body.movies.find((m) => m._id === unrated.id)!;
    expect(entry).toMatchObject({ rating: null, Ratings: '' });
    expect(entry.movie).toMatchObject({ rating: null, Ratings: '' });
  });
});

describe('GET /api/movies/:id', () => {
  it('answers one movie', async () => {
    const { body: list } = await get<{ movies: Movie[] }>('/api/movies');
    const first = list.movies[0]!;
    const { status, body } = await get<{ movie: Movie }>(`/api/movies/${first._id}`);
    expect(status).toBe(200);
    expect(body.movie).toEqual(first);
  });

  it('also finds a movie by its slug (the /book/{slug} links)', async () => {
    const { status, body } = await get<{ movie: Movie }>('/api/movies/sintel');
    expect(status).toBe(200);
    expect(body.movie.title).toBe('Sintel');
    expect(body.movie.slug).toBe('sintel');
  });

  it('is 404 for an unknown or malformed id, never 500', async () => {
    for (const id of [
      '7b0a9a3e-6f9f-4a4e-9c51-3d1b2b7c9f00',
      'not-an-id',
      '1',
      "x'; drop table movies;--",
      '%00',
    ]) {
      const { status, body } = await get(`/api/movies/${encodeURIComponent(id)}`);
      expect(status, id).toBe(404);
      expect(body).toEqual({ success: false, message: 'Movie not found' });
    }
  });
});

describe('GET /api/movies/movies-with-shows', () => {
  it('gives each movie its upcoming shows and the card figures', async () => {
    const { status, body } = await get<{ movies: MovieWithShows[] }>('/api/movies/movies-with-shows');
    expect(status).toBe(200);
    expect(body.movies.length).toBeGreaterThanOrEqual(5);
    for (const movie of body.movies) {
      expect(movie.shows.length).toBeGreaterThan(0);
      const active = movie.shows.filter((show) => show.status === 'active');
      expect(movie.showCount).toBe(active.length);
      expect(movie.lowestPrice).toBe(
        active.length ? Math.min(...active.map((show) => show.showPrice)) : null,
      );
      expect(movie.showDates).toEqual([...new Set(movie.shows.map((show) => show.showDate))]);
      expect([...movie.showDates].sort()).toEqual(movie.showDates);
      for (const show of movie.shows) expect(show.movie).toBe(movie._id);
    }
  });

  it('also reads as { movie, shows }, the spec client’s shape (CONTRACT §8)', async () => {
    const { body } = await get<{ movies: MovieWithShows[] }>('/api/movies/movies-with-shows');
    for (const entry of body.movies) {
      const { movie, shows } = entry;
      const { movie: _self, shows: _shows, showCount: _c, showDates: _d, lowestPrice: _p, ...flat } = entry;
      expect(movie).toEqual(flat);
      expect(shows.length).toBeGreaterThan(0);
      for (const show of shows) expect(show.movie).toBe(movie._id);
    }
  });

  it('leaves out a movie whose every upcoming show is cancelled', async () => {
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Called Off' });
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 86_400_000),
      status: 'cancelled',
    });
    const { body } = await get<{ movies: MovieWithShows[] }>('/api/movies/movies-with-shows');
    expect(body.movies.map((m) => m.title)).not.toContain('Called Off');
    await insertShow(db, { movieId: movie.id, startsAt: new Date(t.clock.now.getTime() + 2 * 86_400_000) });
    const again = await get<{ movies: MovieWithShows[] }>('/api/movies/movies-with-shows');
    expect(again.body.movies.find((m) => m.title === 'Called Off')).toMatchObject({ showCount: 1 });
  });
});

describe('GET /api/shows', () => {
  it('lists upcoming shows with the contract fields, soonest first', async () => {
    const { status, body } = await get<{ shows: Show<Movie>[] }>('/api/shows/');
    expect(status).toBe(200);
    const now = t.clock.now.getTime();
    const starts = body.shows.map((show) => Date.parse(show.startsAt));
    expect(starts.every((start) => start > now)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const show = body.shows[0]!;
    expect(show.showDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(show.showTime).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    expect(show.totalSeats).toBe(96);
    expect(typeof show.showPrice).toBe('number');
    expect(show.movie.title).toBeTruthy();
  });

  it('includes the seeded sold-out and cancelled shows with their state', async () => {
    const { body } = await get<{ shows: Show<Movie>[] }>('/api/shows');
    const soldOut = body.shows.filter((show) => show.status === 'sold-out');
    const cancelled = body.shows.filter(
      (show) => show.status === 'cancelled' && show.movie.title !== 'Called Off', // added by a test above
    );
    expect(soldOut).toHaveLength(1);
    expect(soldOut[0]!.availableSeats).toBe(0);
    expect(cancelled).toHaveLength(1);
  });

  it('answers the same with or without the trailing slash', async () => {
    const withSlash = await get('/api/shows/');
    const without = await get('/api/shows');
    expect(withSlash.body).toEqual(without.body);
  });
});

describe('GET /api/shows/movie/:movieId', () => {
  it('lists one movie’s upcoming shows', async () => {
    const { body: list } = await get<{ movies: Movie[] }>('/api/movies');
    const movie = list.movies[0]!;
    const { status, body } = await get<{ shows: Show<Movie>[] }>(`/api/shows/movie/${movie._id}`);
    expect(status).toBe(200);
    expect(body.shows.length).toBeGreaterThan(0);
    expect(body.shows.every((show) => show.movie._id === movie._id)).toBe(true);
  });

  it('is 404 for an unknown movie', async () => {
    const { status, body } = await get('/api/shows/movie/nope');
    expect(status).toBe(404);
    expect(body.message).toBe('Movie not found');
  });
});

describe('GET /api/bookings/seats/:showId', () => {
  it('maps every sold seat of the sold-out show', async () => {
    const { body: shows } = await get<{ shows: Show<Movie>[] }>('/api/shows');
    const soldOut = shows.shows.find((show) => show.status === 'sold-out')!;
    const { status, body } = await get<{ occupiedSeats: Record<string, true>; availableSeats: number }>(
      `/api/bookings/seats/${soldOut._id}`,
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Object.keys(body.occupiedSeats)).toHaveLength(96);
    expect(body.occupiedSeats.A1).toBe(true);
    expect(body.availableSeats).toBe(0);
  });

  it('answers an empty map for a show with nothing booked', async () => {
    const { body: shows } = await get<{ shows: Show<Movie>[] }>('/api/shows');
    const open = shows.shows.find((show) => show.status === 'active')!;
    const { body } = await get<{ occupiedSeats: Record<string, true> }>(`/api/bookings/seats/${open._id}`);
    expect(body.occupiedSeats).toEqual({});
  });

  it('is 404 for an unknown or malformed show id', async () => {
    for (const id of ['0b8ec2c4-64a4-4a57-8a53-6f7d2f3a9c11', 'abc']) {
      const { status, body } = await get(`/api/bookings/seats/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: 'Show not found' });
    }
  });
});

describe('GET /api/config', () => {
  it('tells the client the cinema name, calendar and limits', async () => {
    const { status, body } = await get('/api/config');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      cinemaName: t.config.CINEMA_NAME,
      timeZone: 'Asia/Kolkata',
      paymentWindowSeconds: 600,
      maxSeatsPerBooking: 8,
      // The test apps run with the single-seat rule off unless a test turns it on.
      seatGapRule: false,
    });
    const ruled = await createTestApp({ testDb: t.testDb, env: { SEAT_GAP_RULE: 'on' } });
    try {
      const answer = (await ruled.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(answer.seatGapRule).toBe(true);
    } finally {
      await ruled.app.close();
    }
  });
});

describe('the API boundary', () => {
  it('answers unknown /api paths with JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('reports health with the database kind', async () => {
    const { status, body } = await get<{ database: string }>('/api/health');
    expect(status).toBe(200);
    expect(body.database).toBe(process.env.MARQUEE_TEST_DB);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/movies' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets no cache keep an API answer, a signed-in one above all', async () => {
    const { cookie } = await signUp(t.app);
    for (const url of ['/api/movies', '/api/auth/get-session', '/api/user/favourites', '/api/nothing/here']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect({ url, cacheControl: response.headers['cache-control'] }).toEqual({
        url,
        cacheControl: 'no-store',
      });
    }
  });
});

describe('GET /api/config', () => {
  it('tells where and when to find the cinema, as configured', async () => {
    const { body } = await get<{ cinema: Record<string, string | null> }>('/api/config');
    expect(body.cinema).toEqual({
      name: 'Marquee Cinemas',
      address: '12 Residency Road, Bengaluru 560025',
      phone: '+91 80 4000 1234',
      hours: 'Daily, 10:00 AM to 11:30 PM',
      mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent('12 Residency Road, Bengaluru 560025')}`,
    });
    const other = await createTestApp({
      env: { CINEMA_ADDRESS: '', CINEMA_PHONE: '022 1234 5678', CINEMA_MAP_URL: 'https://maps.example/x' },
    });
    try {
      const answer = (await other.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(answer.cinema).toMatchObject({
        address: null,
        phone: '022 1234 5678',
        mapUrl: 'https://maps.example/x',
      });
    } finally {
      await other.close();
    }
  });
});
