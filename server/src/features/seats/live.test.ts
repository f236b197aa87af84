import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { openDatabase } from '../../db/client.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';

let t: TestApp;
let other: TestApp | undefined;
let buyer: SignedIn;
let showId: string;
const baseUrls: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const apps: FastifyInstance[] = [t.app];
  // On PostgreSQL a second app instance stands in for a second server process.
  if (t.testDb.url) {
    const database = await openDatabase({ databaseUrl: t.testDb.url, migrate: false, poolSize: 4 });
    other = await createTestApp({ testDb: { database, url: t.testDb.url, drop: () => database.close() } });
    apps.push(other.app);
  }
  for (const app of apps) baseUrls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  const movie = await insertMovie(t.testDb.database.db, { title: 'Live' });
  showId = (
    await insertShow(t.testDb.database.db, { movieId: movie.id, startsAt: new Date(Date.now() + 86_400_000) })
  ).id;
  buyer = await signUp(t.app);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

/** Reads seat-map events from a live stream; `next()` waits for the next one. */
async function subscribe(baseUrl: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/bookings/seats/${showId}/events`, {
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(timeoutMs = 2_000): Promise<{ occupiedSeats: Record<string, true> }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = /event: seats\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!);
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no seat event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no seat event in time')), left),
          ),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buffer += chunk.value;
      }
    },
    close: () => controller.abort(),
  };
}

describe('live seat map', () => {
  it('sends the map at once, then every change within a fraction of a second, in every process', async () => {
    const streams = await Promise.all(baseUrls.map(subscribe));
    for (const stream of streams) expect((await stream.next()).occupiedSeats).toEqual({});

    const started = Date.now();
    const created = await fetch(`${baseUrls[0]}/api/bookings/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...buyer.bearer },
      body: JSON.stringify({ showId, selectedSeats: ['C3', 'C4'] }),
    });
    const { bookingId } = (await created.json()) as { bookingId: string };
    for (const stream of streams)
      expect(Object.keys((await stream.next()).occupiedSeats).sort()).toEqual(['C3', 'C4']);
    expect(Date.now() - started).toBeLessThan(1_000);

    await fetch(`${baseUrls[0]}/api/bookings/${bookingId}/cancel`, { method: 'PUT', headers: buyer.bearer });
    for (const stream of streams) expect((await stream.next()).occupiedSeats).toEqual({});
    for (const stream of streams) stream.close();
  });

  it('is 404 for an unknown show', async () => {
    const response = await fetch(
      `${baseUrls[0]}/api/bookings/seats/0b8ec2c4-64a4-4a57-8a53-6f7d2f3a9c11/events`,
    );
    expect(response.status).toBe(404);
  });
});
