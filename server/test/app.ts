import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  config: Env;
  /** Moves the app's clock; starts at the real time. */
  clock: { now: Date };
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  testDb?: TestDatabase;
  /** Extra routes registered before the app is ready (error-path tests). */
  extend?: (app: FastifyInstance) => void;
}

/** The app that app.ts builds, on a fresh database of this run's kind, for `app.inject`. */
export async function createTestApp({
  seed = false,
  env = {},
  testDb,
  extend,
}: TestAppOptions = {}): Promise<TestApp> {
  const config = loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory', ...env });
  const db = testDb ?? (await createTestDatabase());
  const clock = { now: new Date() };
  if (seed) await seedIfEmpty({ db: db.database.db, timeZone: config.CINEMA_TIMEZONE, now: clock.now });
  const app = await buildApp({ config, database: db.database, clock: () => clock.now });
  extend?.(app);
  await app.ready();
  return {
    app,
    testDb: db,
    config,
    clock,
    async close() {
      await app.close();
      if (!testDb) await db.drop();
    },
  };
}
