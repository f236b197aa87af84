import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-process-'));
let pgDatabase: TestDatabase | undefined;
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pgDatabase?.drop();
});

async function databaseUrl() {
  if (testDatabaseKind === 'pglite') return '';
  // The server migrates itself; the test only needs an empty database to point it at.
  pgDatabase ??= await createTestDatabase();
  return pgDatabase.url!;
}

/** Starts `npm start`'s server process (without the client build) and waits until it listens. */
async function startServer(env: Record<string, string> = {}) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: await databaseUrl(),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 45_000;
  let baseURL: string | undefined;
  while (!baseURL) {
    const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) baseURL = match[1];
    else if (child.exitCode !== null) break;
    else if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseURL, exited, output: () => output };
}

describe('the server process', () => {
  let moviesBefore: unknown;

  it('starts on an empty database, seeds it and answers', async () => {
    const server = await startServer();
    expect(server.baseURL, server.output()).toBeDefined();
    const response = await fetch(`${server.baseURL}/api/movies`);
    moviesBefore = ((await response.json()) as { movies: unknown }).movies;
    expect((moviesBefore as unknown[]).length).toBeGreaterThanOrEqual(5);
    expect(server.output()).toContain('seeded the sample catalogue');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  it('keeps all data across a restart, and does not seed twice', async () => {
    const server = await startServer();
    const response = await fetch(`${server.baseURL}/api/movies`);
    expect(((await response.json()) as { movies: unknown }).movies).toEqual(moviesBefore);
    expect(server.output()).not.toContain('seeded the sample catalogue');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    if (testDatabaseKind === 'pglite') expect(fs.existsSync(path.join(dataDir, 'marquee.lock'))).toBe(false);
  });

  it('refuses to start with bad configuration, saying what is wrong', async () => {
    const server = await startServer({ CINEMA_TIMEZONE: 'Nowhere/Special', PORT: 'x' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('CINEMA_TIMEZONE must be an IANA time zone');
    expect(server.output()).toContain('PORT');
  });
});
