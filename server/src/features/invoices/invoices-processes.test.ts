import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.ts';
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../../test/server-process.ts';

// CONTRACT §10: serials run 1, 2, 3 … with no gap and no repeat whatever the number of processes.
// Two server processes on one PostgreSQL take 30 payments at once, half each.

let database: TestDatabase | undefined;
const dirs: string[] = [];
afterAll(async () => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

describe.runIf(testDatabaseKind === 'postgres')(
  'invoice numbers across two processes',
  { timeout: 300_000 },
  () => {
    it('30 simultaneous payments on two processes: 30 contiguous serials', async () => {
      database = await createTestDatabase();
      const start = async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-invoices-'));
        dirs.push(dataDir);
        const server = await startServerProcess({
          DATABASE_URL: database!.url!,
          DATA_DIR: dataDir,
          AUTH_RATE_LIMIT: '0',
          UNPAID_BOOKINGS_PER_SHOW: '100',
        });
        if (!server.baseURL) throw new Error(server.output());
        return server;
      };
      // One after the other: the first migrates and seeds.
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
      const shows = (await call(a, 'GET', '/api/shows')).body.shows as { _id: string }[];
      const showId = shows[0]!._id;
      const seats = Array.from({ length: 30 }, (_, i) => `${'ABC'[Math.floor(i / 12)]}${(i % 12) + 1}`);
      const holds = await Promise.all(
        seats.map(async (seat, i) => {
          const server = i % 2 ? b : a;
          const signUp = await call(server, 'POST', '/api/auth/sign-up/email', {
            name: `Payer ${i}`,
            email: `payer${i}@example.com`,
            password: 'correct-horse-9',
          });
          const token = signUp.body.token as string;
          const held = await call(
            server,
            'POST',
            '/api/bookings/create',
            { showId, selectedSeats: [seat] },
            token,
          );
          expect(held.status, JSON.stringify(held.body)).toBe(200);
          return { token, paymentId: (held.body.url as string).split('/pay/')[1]!, i };
        }),
      );
      const paid = await Promise.all(
        holds.map(({ token, paymentId, i }) =>
          call(i % 2 ? a : b, 'POST', `/api/payments/${paymentId}/sandbox-pay`, undefined, token),
        ),
      );
      expect(paid.map((p) => p.status)).toEqual(holds.map(() => 200));
      const rows = (await database.database.db.execute(
        'select serial, number from invoices order by serial',
      )) as unknown as { rows: { serial: number; number: string }[] };
      expect(rows.rows.map((r) => Number(r.serial))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(rows.rows[0]!.number).toMatch(/^MQ\d{4}-000001$/);
      for (const server of [a, b]) expect((await server.stop()).code).toBe(0);
    });
  },
);
