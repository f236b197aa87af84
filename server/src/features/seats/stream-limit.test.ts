import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { SEAT_STREAMS_PER_ADDRESS, TOO_MANY_STREAMS } from './routes.ts';

let t: TestApp;
let baseUrl: string;
let showId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const movie = await insertMovie(t.testDb.database.db, { title: 'Crowded' });
  showId = (
    await insertShow(t.testDb.database.db, { movieId: movie.id, startsAt: new Date(Date.now() + 86_400_000) })
  ).id;
});
afterAll(() => t.close());

async function openStream() {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/bookings/seats/${showId}/events`, {
    signal: controller.signal,
  });
  return { response, close: () => controller.abort() };
}

describe('live seat maps per client address', () => {
  it(`keeps ${SEAT_STREAMS_PER_ADDRESS} open, answers the next with 429, and counts a closed one as gone`, async () => {
    const open = [];
    for (let i = 0; i < SEAT_STREAMS_PER_ADDRESS; i++) {
      const stream = await openStream();
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const refused = await openStream();
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toEqual({ success: false, message: TOO_MANY_STREAMS });

    open.pop()!.close();
    // The server hears the close shortly after; a person would simply retry.
    await expect
      .poll(async () => {
        const retry = await openStream();
        if (retry.response.status === 200) open.push(retry);
        else await retry.response.body?.cancel();
        return retry.response.status;
      })
      .toBe(200);
    for (const stream of open) stream.close();
  });
});
