import type { Movie } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let movies: Movie[];
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  movies = (await t.app.inject({ method: 'GET', url: '/api/movies' })).json<{ movies: Movie[] }>().movies;
});
afterAll(() => t.close());

const toggle = (who: SignedIn, movieId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/update-favourites',
    headers: who.bearer,
    payload: { movieId },
  });
const list = async (who: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/favourites', headers: who.bearer })).json<{
    movies: Movie[];
  }>().movies;

describe('favourites', () => {
  it('toggles a movie in and out of the list', async () => {
    const added = await toggle(asha, movies[0]!._id);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ success: true, isFavourite: true });
    expect((await list(asha)).map((movie) => movie._id)).toEqual([movies[0]!._id]);

    const removed = await toggle(asha, movies[0]!._id);
    expect(removed.json()).toMatchObject({
      success: true,
      isFavourite: false,
      message: 'Removed from favourites',
    });
    expect(await list(asha)).toEqual([]);
  });

  it('keeps each user’s favourites their own', async () => {
    await toggle(asha, movies[1]!._id);
    await toggle(ravi, movies[2]!._id);
    expect((await list(asha)).map((movie) => movie.title)).toEqual([movies[1]!.title]);
    expect((await list(ravi)).map((movie) => movie.title)).toEqual([movies[2]!.title]);
  });

  it('survives a double click: two toggles at once leave a consistent list', async () => {
    const [first, second] = await Promise.all([toggle(ravi, movies[3]!._id), toggle(ravi, movies[3]!._id)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const ids = (await list(ravi)).map((movie) => movie._id);
    expect(ids.filter((id) => id === movies[3]!._id).length).toBeLessThanOrEqual(1);
  });

  it('is 404 for an unknown movie and 400 without a movie id', async () => {
    const unknown = await toggle(asha, '5d6f5c9e-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Movie not found' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-favourites',
      headers: asha.bearer,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, message: 'movieId is required' });
    const wrongType = await toggle(asha, 42);
    expect(wrongType.statusCode).toBe(400);
  });
});
