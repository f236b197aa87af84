import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';
import { killServerProcesses, startServerProcess } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-process-'));
let pgDatabase: TestDatabase | undefined;
afterAll(async () => {
  killServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pgDatabase?.drop();
});

async function databaseUrl() {
  if (testDatabaseKind === 'pglite') return '';
  // The server migrates itself; the test only needs an empty database to point it at.
  pgDatabase ??= await createTestDatabase();
  return pgDatabase.url!;
}

function startServer(env: Record<string, string> = {}) {
  return databaseUrl().then((url) => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: url, ...env }));
}

describe('the server process', { timeout: 120_000 }, () => {
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
