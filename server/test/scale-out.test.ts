import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';
import { subscribeSeats } from './seat-stream.ts';
import { killServerProcesses, startServerProcess, type ServerProcess } from './server-process.ts';

let database: TestDatabase | undefined;
const dirs: string[] = [];
afterAll(async () => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/**
 * A tiny round-robin proxy: each request goes to the next backend; when a connection is refused
 * or closes before an answer (a process stopping), it is sent to the next one, as any load
 * balancer with retries does. Answers are passed through untouched.
 */
async function startProxy(backends: string[]) {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (triesLeft: number) => {
        const target = new URL(request.url!, backends[next++ % backends.length]);
        const upstream = http.request(
          target,
          { method: request.method, headers: { ...request.headers, host: target.host }, agent },
          (answer) => {
            response.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => {
          if (response.headersSent || triesLeft <= 0) {
            response.destroy();
            return;
          }
          setTimeout(() => attempt(triesLeft - 1), 20);
        });
        upstream.end(body);
      };
      attempt(20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    backends,
    close: () => {
      agent.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(testDatabaseKind === 'postgres')(
  'two processes behind a load balancer',
  { timeout: 300_000 },
  () => {
    it('rush, cancel, expiry, listener loss and a rolling restart: no failed request, no seat twice, live on both', async () => {
      database = await createTestDatabase();
      const env = {
        DATABASE_URL: database.url!,
        AUTH_RATE_LIMIT: '0',
        PAYMENT_WINDOW_SECONDS: '10',
        LOG_LEVEL: 'warn',
        // The production default (env.ts), which startServerProcess otherwise turns off.
        SEAT_GAP_RULE: 'on',
      };
      const start = async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-scale-'));
        dirs.push(dataDir);
        const server = await startServerProcess({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
        if (!server.baseURL) throw new Error(server.output());
        return server;
      };
      let [a, b] = (await Promise.all([start(), start()])) as [ServerProcess, ServerProcess];
      const proxy = await startProxy([a.baseURL!, b.baseURL!]);
      const failures: string[] = [];

      async function call(method: string, url: string, body?: unknown, token?: string) {
        try {
          const response = await fetch(`${proxy.url}${url}`, {
            method,
            headers: {
              ...(body ? { 'content-type': 'application/json', origin: proxy.url } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          const json = (await response.json()) as Record<string, unknown>;
          if (response.status >= 500)
            failures.push(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
          return { status: response.status, body: json };
        } catch (error) {
          failures.push(`${method} ${url}: ${String(error)}`);
          return { status: 0, body: {} };
        }
      }
      const signUp = async (i: number) => {
        const answer = await call('POST', '/api/auth/sign-up/email', {
          name: `Buyer ${i}`,
          email: `buyer${i}@example.com`,
          password: 'correct-horse-9',
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.token as string;
      };
      const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(i)));
      const shows = (await call('GET', '/api/shows')).body.shows as { _id: string }[];
      const showId = shows[0]!._id;
      const hold = (token: string, seats: string[]) =>
        call('POST', '/api/bookings/create', { showId, selectedSeats: seats }, token);
      const watchBoth = () => Promise.all([a, b].map((server) => subscribeSeats(server.baseURL!, showId)));
      const seenOnBoth = (streams: Awaited<ReturnType<typeof watchBoth>>, seat: string, taken: boolean) =>
        Promise.all(
          streams.map((stream) => stream.until((map) => Boolean(map.occupiedSeats[seat]) === taken, 20_000)),
        );

      let streams = await watchBoth();

      // A rush: eight buyers, one pair of seats.
      const rush = await Promise.all(buyers.map((token) => hold(token, ['C5', 'C6'])));
      expect(rush.filter((answer) => answer.status < 300)).toHaveLength(1);
      expect(rush.filter((answer) => answer.status === 409)).toHaveLength(7);
      await seenOnBoth(streams, 'C5', true);

      // A cancel.
      const winner = rush.findIndex((answer) => answer.status < 300);
      const cancelled = await call(
        'PUT',
        `/api/bookings/${rush[winner]!.body.bookingId as string}/cancel`,
        undefined,
        buyers[winner],
      );
      expect(cancelled.status).toBe(200);
      await seenOnBoth(streams, 'C5', false);

      // An expiry: the 10 s window passes unpaid.
      expect((await hold(buyers[1]!, ['D1'])).status).toBeLessThan(300);
      await seenOnBoth(streams, 'D1', true);
      await seenOnBoth(streams, 'D1', false);

      // Both processes lose their LISTEN connection.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'marquee-listener' and datname = current_database()`,
      );
      await admin.end();
      expect((await hold(buyers[2]!, ['E1'])).status).toBeLessThan(300);
      await seenOnBoth(streams, 'E1', true);
      for (const stream of streams) stream.close();

      // A rolling restart under load: stop one, start it again, stop the other.
      let loading = true;
      let holdsMade = 0;
      const load = buyers.slice(3).map(async (token, i) => {
        const seat = `G${i + 1}`;
        while (loading) {
          const held = await hold(token, [seat]);
          if (held.status < 300) {
            holdsMade++;
            await call('DELETE', `/api/bookings/${held.body.bookingId as string}`, undefined, token);
          }
          await call('GET', `/api/bookings/seats/${showId}`);
          await call('GET', '/api/shows');
        }
      });
      const restarted: ServerProcess[] = [];
      for (const old of [a, b]) {
        const stopped = await old.stop();
        expect(stopped.code, old.output().slice(-2000)).toBe(0);
        expect(stopped.ms).toBeLessThan(5_000);
        const fresh = await start();
        proxy.backends[proxy.backends.indexOf(old.baseURL!)] = fresh.baseURL!;
        restarted.push(fresh);
      }
      [a, b] = restarted as [ServerProcess, ServerProcess];
      loading = false;
      await Promise.all(load);
      expect(holdsMade).toBeGreaterThan(0);

      streams = await watchBoth();
      expect((await hold(buyers[1]!, ['H12'])).status).toBeLessThan(300);
      await seenOnBoth(streams, 'H12', true);
      for (const stream of streams) stream.close();

      expect(failures).toEqual([]);
      const doubles = await database.database.db.execute(
        `select show_id, seat from booking_seats where is_live group by show_id, seat having count(*) > 1`,
      );
      expect((doubles as unknown as { rows: unknown[] }).rows).toEqual([]);

      for (const server of [a, b]) expect((await server.stop()).code).toBe(0);
      await proxy.close();
    });
  },
);
