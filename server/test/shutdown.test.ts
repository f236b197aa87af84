import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';
import { killServerProcesses, startServerProcess } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-shutdown-'));
let pgDatabase: TestDatabase | undefined;
afterAll(async () => {
  killServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pgDatabase?.drop();
});

type Answer = number | 'closed';

/** Resolves with the status, or 'closed' when the connection closed before any answer. */
function answerOf(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'ECONNREFUSED' ? resolve('closed') : reject(error),
    );
  });
}

function get(agent: http.Agent, url: string): Promise<Answer> {
  const request = http.get(url, { agent });
  return answerOf(request);
}

/** A POST whose body is still arriving: in flight until `finish` is called. */
function slowPost(agent: http.Agent, url: string) {
  const body = JSON.stringify({ showId: '00000000-0000-4000-8000-000000000000', selectedSeats: ['A1'] });
  const request = http.request(url, {
    agent,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = answerOf(request);
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

describe('graceful shutdown', { timeout: 120_000 }, () => {
  it('exits 0 within 5 s on SIGTERM under load, with keep-alive connections open and a seat stream', async () => {
    if (testDatabaseKind === 'postgres') pgDatabase = await createTestDatabase();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: pgDatabase?.url ?? '',
    });
    expect(server.baseURL, server.output()).toBeDefined();
    const base = server.baseURL!;
    const { shows } = (await (await fetch(`${base}/api/shows`)).json()) as { shows: { _id: string }[] };

    // A seat stream, as a browser on the booking page keeps one.
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${base}/api/bookings/seats/${shows[0]!._id}/events`, resolve).on('error', reject),
    );
    stream.resume();
    const streamEnded = new Promise<boolean>((resolve) => {
      stream.on('end', () => resolve(true));
      stream.on('error', () => resolve(false));
    });

    // A load balancer's pool of keep-alive connections, warmed up, then a burst in flight.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    await Promise.all(Array.from({ length: 40 }, () => get(agent, `${base}/api/movies`)));
    const reads = Array.from({ length: 20 }, () => get(agent, `${base}/api/shows`));
    await Promise.all(reads);
    const slow = Array.from({ length: 20 }, () => slowPost(agent, `${base}/api/bookings/create`));
    const moreReads = Array.from({ length: 10 }, () => get(agent, `${base}/api/movies`));
    const stopping = server.stop();
    // The posts finish only once the server has begun shutting down, so they are in flight.
    while (!server.output().includes('shutting down'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    for (const post of slow) post.finish();
    const answers = await Promise.all([...slow.map((post) => post.answer), ...moreReads]);
    const { code, ms } = await stopping;
    agent.destroy();

    expect(code, server.output().slice(-3000)).toBe(0);
    expect(ms).toBeLessThan(5_000);
    // No request gets a 5xx; one either has its answer or sees its connection close (which a
    // balancer retries elsewhere). The posts are refused (401) as soon as their headers arrive,
    // so what they prove is that a connection with a request still coming in does not hold
    // the process: before the fix, this test exited 1 after 10 s.
    expect(answers.filter((answer) => answer !== 'closed' && answer >= 500)).toEqual([]);
    expect(await streamEnded).toBe(true);
    expect(server.output()).toContain('shut down cleanly');
    console.info(`shutdown under load took ${ms} ms`);
  });
});

describe('readiness', () => {
  it('is false while starting, true once listening, and false at once when draining', async () => {
    const t = await createTestApp();
    try {
      const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });
      expect((await ready()).statusCode).toBe(503);
      t.app.deps.lifecycle.markReady();
      const answer = await ready();
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.connection).not.toBe('close');
      t.app.deps.lifecycle.startDraining();
      const draining = await ready();
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ success: false, state: 'draining' });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
    } finally {
      await t.close();
    }
  });
});
