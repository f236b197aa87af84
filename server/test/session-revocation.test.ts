import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';
import { killServerProcesses, startServerProcess, type ServerProcess } from './server-process.ts';

let database: TestDatabase | undefined;
const dirs: string[] = [];
afterAll(async () => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/**
 * Each process keeps the sessions it checked (SESSION_CACHE_SECONDS, here far longer than the
 * test): only the NOTIFY from the other process can make it let go, and it must within a second.
 */
describe.runIf(testDatabaseKind === 'postgres')(
  'sessions cached by two processes',
  { timeout: 120_000 },
  () => {
    it('a role change and a sign-out on one process hold on the other within a second', async () => {
      database = await createTestDatabase();
      const start = async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-sessions-'));
        dirs.push(dataDir);
        const server = await startServerProcess({
          DATABASE_URL: database!.url!,
          DATA_DIR: dataDir,
          AUTH_RATE_LIMIT: '0',
          SESSION_CACHE_SECONDS: '3600',
          ADMIN_EMAIL: 'boss@example.com',
          ADMIN_PASSWORD: 'boss-password-1',
          LOG_LEVEL: 'info',
        });
        if (!server.baseURL) throw new Error(server.output());
        return server;
      };
      // One after the other: the first creates the admin, the second finds it.
      const a: ServerProcess = await start();
      const b: ServerProcess = await start();

      const call = async (base: string, method: string, url: string, token: string, body?: unknown) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json', origin: base } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const authPost = async (url: string, body: unknown) => {
        const response = await fetch(`${a.baseURL}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: a.baseURL! },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as { token: string; user: { id: string } };
      };
      const admin = await authPost('/api/auth/sign-in/email', {
        email: 'boss@example.com',
        password: 'boss-password-1',
      });
      const person = await authPost('/api/auth/sign-up/email', {
        name: 'Ravi',
        email: 'ravi@example.com',
        password: 'correct-horse-9',
      });
      const isAdminOnB = async () =>
        (await call(b.baseURL!, 'GET', '/api/admin/is-admin', person.token)).body.isAdmin;
      /** How long until B answers `expected`, asking every 10 ms for up to 2 s. */
      const untilB = async (check: () => Promise<unknown>, expected: unknown) => {
        const started = performance.now();
        while (performance.now() - started < 2_000) {
          if ((await check()) === expected) return performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Infinity;
      };
      const setRole = async (role: string) => {
        const answer = await call(a.baseURL!, 'POST', '/api/auth/admin/set-role', admin.token, {
          userId: person.user.id,
          role,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      };

      // B has checked the session (and keeps it) before each change made on A.
      expect(await isAdminOnB()).toBe(false);
      await setRole('admin');
      expect(await untilB(isAdminOnB, true)).toBeLessThan(1_000);
      expect((await call(b.baseURL!, 'GET', '/api/admin/dashboard', person.token)).status).toBe(200);

      await setRole('user');
      expect(await untilB(isAdminOnB, false)).toBeLessThan(1_000);
      expect((await call(b.baseURL!, 'GET', '/api/admin/dashboard', person.token)).status).toBe(403);

      expect((await call(b.baseURL!, 'GET', '/api/bookings/user', person.token)).status).toBe(200);
      expect((await call(a.baseURL!, 'POST', '/api/auth/sign-out', person.token, {})).status).toBe(200);
      const refusedAfter = await untilB(
        async () => (await call(b.baseURL!, 'GET', '/api/bookings/user', person.token)).status,
        401,
      );
      expect(refusedAfter).toBeLessThan(1_000);
      // Signed out on A at once as well (its own change clears its copy before answering).
      expect((await call(a.baseURL!, 'GET', '/api/bookings/user', person.token)).status).toBe(401);

      await Promise.all([a.stop(), b.stop()]);
    });
  },
);
