import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.ts';
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../../test/server-process.ts';

// CONTRACT §13: two exchanges of one booking at once, on two server processes sharing one
// PostgreSQL, run one after the other or one is refused: never a mix. Each booking ends with one
// set of seats, live, as many as it had, and an invoice for what it is now.

let database: TestDatabase | undefined;
const dirs: string[] = [];
afterAll(async () => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

describe.runIf(testDatabaseKind === 'postgres')(
  'exchanges across two processes',
  { timeout: 300_000 },
  () => {
    it('racing exchanges of the same bookings, one on each process', async () => {
      database = await createTestDatabase();
      const start = async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-exchange-'));
        dirs.push(dataDir);
        const server = await startServerProcess({
          DATABASE_URL: database!.url!,
          DATA_DIR: dataDir,
          AUTH_RATE_LIMIT: '0',
          SEAT_GAP_RULE: 'off',
        });
        if (!server.baseURL) throw new Error(server.output());
        return server;
      };
      const a = await start();
      const b = await start();
      const call = async (
        server: ServerProcess,
        method: string,
        url: string,
        body?: unknown,
        token?: string,
      ) => {
        const response = await fetch(`${server.baseURL}${url}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json', origin: server.baseURL! } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const shows = (await call(a, 'GET', '/api/shows')).body.shows as { _id: string; startsAt: string }[];
      // A show far enough ahead to be exchanged (the first tier ends 2 hours before it).
      const show = shows.find((s) => new Date(s.startsAt).getTime() > Date.now() + 4 * 3_600_000)!;
      const signUp = await call(a, 'POST', '/api/auth/sign-up/email', {
        name: 'Racer',
        email: 'racer@example.com',
        password: 'correct-horse-9',
      });
      const token = signUp.body.token as string;
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const held = await call(
          a,
          'POST',
          '/api/bookings/create',
          { showId: show._id, selectedSeats: [`A${i + 1}`] },
          token,
        );
        expect(held.status, JSON.stringify(held.body)).toBe(200);
        const paid = await call(
          b,
          'POST',
          `/api/payments/${(held.body.url as string).split('/pay/')[1]}/sandbox-pay`,
          undefined,
          token,
        );
        expect(paid.status).toBe(200);
        ids.push(held.body.bookingId as string);
      }
      // Each booking: two exchanges at once to different seats, one on each process; the last one
      // also races a cancel.
      const answers = await Promise.all(
        ids.flatMap((id, i) => [
          call(
            a,
            'POST',
            `/api/bookings/${id}/exchange`,
            { showId: show._id, selectedSeats: [`B${i + 1}`] },
            token,
          ),
          i === ids.length - 1
            ? call(b, 'PUT', `/api/bookings/${id}/cancel`, {}, token)
            : call(
                b,
                'POST',
                `/api/bookings/${id}/exchange`,
                { showId: show._id, selectedSeats: [`C${i + 1}`] },
                token,
              ),
        ]),
      );
      for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      const rows = (await database.database.db.execute(`
      select b.id, b.status, b.seats, b.amount_paise, b.ticket_version,
        (select array_agg(bs.seat order by bs.seat) from booking_seats bs where bs.booking_id = b.id and bs.is_live) as live,
        (select i.total_paise from invoices i where i.booking_id = b.id order by i.serial desc limit 1) as invoiced
      from bookings b where b.channel = 'online'`)) as unknown as {
        rows: {
          id: string;
          status: string;
          seats: string[];
          amount_paise: number;
          ticket_version: number;
          live: string[] | null;
          invoiced: number;
        }[];
      };
      for (const [i, id] of ids.entries()) {
        const row = rows.rows.find((r) => r.id === id)!;
        const moved = answers
          .slice(i * 2, i * 2 + 2)
          .filter((answer, k) => answer.status === 200 && (k === 0 || i < ids.length - 1));
        if (row.status === 'cancelled') {
          expect(row.live).toBeNull();
          continue;
        }
        expect(row.status).toBe('paid');
        expect(row.live).toEqual(row.seats);
        expect(row.ticket_version).toBe(1 + moved.length);
        expect(Number(row.invoiced)).toBe(Number(row.amount_paise));
      }
      for (const server of [a, b]) expect((await server.stop()).code).toBe(0);
    });
  },
);
