import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './database.ts';
import { killServerProcesses, repoRoot, startServerProcess } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-backup-'));
afterAll(() => {
  killServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs an npm script's command (`npm run backup` / `restore`) the way npm would. */
function runCli(script: 'backup' | 'restore', args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json', origin: base } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.runIf(testDatabaseKind === 'pglite')(
  'npm run backup / npm run restore',
  { timeout: 180_000 },
  () => {
    it('snapshots the embedded database while the app serves, and brings the bookings back', async () => {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', AUTH_RATE_LIMIT: '0' };
      let server = await startServerProcess(env);
      expect(server.baseURL, server.output()).toBeDefined();
      let base = server.baseURL!;
      const signedUp = await call(base, 'POST', '/api/auth/sign-up/email', {
        name: 'Kept',
        email: 'kept@example.com',
        password: 'correct-horse-9',
      });
      const token = signedUp.body.token as string;
      const { body: listing } = await call(base, 'GET', '/api/shows');
      const shows = listing.shows as { _id: string }[];
      const book = (seat: string) =>
        call(base, 'POST', '/api/bookings/create', { showId: shows[0]!._id, selectedSeats: [seat] }, token);
      const kept = await book('A1');
      expect(kept.status, JSON.stringify(kept.body)).toBeLessThan(300);

      const file = path.join(dataDir, 'snapshots', 'nightly.tar.gz');
      const backup = await runCli('backup', [file]);
      expect(backup.code, backup.output).toBe(0);
      expect(server.output()).toContain('backup written');

      // A booking after the snapshot, on another show: the restore takes it away again.
      const later = await call(
        base,
        'POST',
        '/api/bookings/create',
        { showId: shows[1]!._id, selectedSeats: ['B2'] },
        token,
      );
      expect(later.status, JSON.stringify(later.body)).toBeLessThan(300);

      // Restoring under a running app is refused.
      const refused = await runCli('restore', [file]);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/in use by process/);

      expect((await server.stop()).code).toBe(0);
      const restore = await runCli('restore', [file]);
      expect(restore.code, restore.output).toBe(0);

      server = await startServerProcess(env);
      base = server.baseURL!;
      const kept2 = await call(
        base,
        'GET',
        `/api/bookings/${kept.body.bookingId as string}`,
        undefined,
        token,
      );
      expect(kept2.status).toBe(200);
      expect(kept2.body.booking).toMatchObject({ bookedSeats: ['A1'] });
      const later2 = await call(
        base,
        'GET',
        `/api/bookings/${later.body.bookingId as string}`,
        undefined,
        token,
      );
      expect(later2.status).toBe(404);
      expect((await server.stop()).code).toBe(0);
    });
  },
);
