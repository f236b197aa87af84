import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from './app.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database.ts';
import { killServerProcesses, startServerProcess } from './server-process.ts';

const dirs: string[] = [];
let pgDatabase: TestDatabase | undefined;
afterAll(async () => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await pgDatabase?.drop();
});

describe('the generated session secret', () => {
  it('is kept in the database: every app on it accepts the sessions of the others', async () => {
    const first = await createTestApp();
    const second = await createTestApp({ testDb: first.testDb });
    try {
      const person = await signUp(first.app);
      const session = await second.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: person.cookie },
      });
      expect(session.json()).toMatchObject({ user: { id: person.userId } });
    } finally {
      await second.app.close();
      await first.close();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'is created once by processes starting together on one PostgreSQL, with separate DATA_DIRs',
    { timeout: 120_000 },
    async () => {
      pgDatabase = await createTestDatabase();
      const start = () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-secret-'));
        dirs.push(dataDir);
        return startServerProcess({
          DATA_DIR: dataDir,
          DATABASE_URL: pgDatabase!.url!,
          AUTH_RATE_LIMIT: '0',
        });
      };
      const [a, b] = await Promise.all([start(), start()]);
      try {
        expect(a.baseURL, a.output()).toBeDefined();
        expect(b.baseURL, b.output()).toBeDefined();
        const signUpAnswer = await fetch(`${a.baseURL}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: a.baseURL! },
          body: JSON.stringify({ name: 'Roamer', email: 'roamer@example.com', password: 'correct-horse-9' }),
        });
        expect(signUpAnswer.status, await signUpAnswer.clone().text()).toBe(200);
        const cookie = signUpAnswer.headers.get('set-cookie')!.split(';')[0]!;
        const { user } = (await signUpAnswer.json()) as { user: { id: string } };
        for (const server of [a, b]) {
          const session = await fetch(`${server.baseURL}/api/auth/get-session`, { headers: { cookie } });
          expect(await session.json()).toMatchObject({ user: { id: user.id } });
        }
      } finally {
        expect((await a.stop()).code).toBe(0);
        expect((await b.stop()).code).toBe(0);
      }
    },
  );
});
