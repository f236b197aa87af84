import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { seedIfEmpty } from '../src/fixtures/seed.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { responseMismatches } from '../src/plugins/openapi.ts';
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
  /**
   * The rules as production has them by default (env.ts), the single-seat rule on: the race,
   * property and fuzz suites run so. Other suites, written before that rule, book seats anywhere.
   */
  productionRules?: boolean;
  testDb?: TestDatabase;
  /** Extra routes registered before the app is ready (error-path tests). */
  extend?: (app: FastifyInstance) => void;
  /** Runs the expiry sweeper this often; by default tests release holds themselves. */
  sweepIntervalMs?: number;
  /** A logger for tests that read the log; silent by default. */
  logger?: FastifyServerOptions['logger'];
}

/** The app that app.ts builds, on a fresh database of this run's kind, for `app.inject`. */
export async function createTestApp({
  seed = false,
  env = {},
  testDb,
  extend,
  sweepIntervalMs = 0,
  logger,
  productionRules = false,
}: TestAppOptions = {}): Promise<TestApp> {
  // Suites that are not about the holding limits let one account hold many bookings; the
  // limits' own tests (holding-limits.test.ts) set the real values.
  const config = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: 'memory',
    AUTH_RATE_LIMIT: '0',
    UNPAID_BOOKINGS_LIMIT: '100',
    UNPAID_BOOKINGS_PER_SHOW: '100',
    // Suites written before the single-seat rule book seats anywhere on the map; the rule's own
    // tests (features/bookings/layout-rules.test.ts) and productionRules leave it at its default, on.
    ...(productionRules ? {} : { SEAT_GAP_RULE: 'off' }),
    // Emails wait in the outbox until a test sends them (deliverDueEmails).
    EMAIL_POLL_MS: '0',
    ...env,
  });
  const db = testDb ?? (await createTestDatabase());
  const clock = { now: new Date() };
  if (seed) await seedIfEmpty({ db: db.database.db, timeZone: config.CINEMA_TIMEZONE, now: clock.now });
  const app = await buildApp({
    config,
    database: db.database,
    clock: () => clock.now,
    sweepIntervalMs,
    logger,
    // An answer that does not match its documented schema fails (plugins/openapi.ts).
    checkResponses: true,
  });
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
      // An answer off its documented schema fails the suite even if its test did not look.
      const mismatches = responseMismatches.splice(0);
      if (mismatches.length) throw new Error(mismatches.join('\n'));
    },
  };
}

export interface SignedIn {
  token: string;
  cookie: string;
  userId: string;
  /** Headers for an authenticated call with the bearer token. */
  bearer: { authorization: string };
}

let accountCounter = 0;

/** Signs a new account up through the real endpoint; returns its bearer token and cookie. */
export async function signUp(
  app: FastifyInstance,
  fields: Partial<{ name: string; email: string; password: string }> = {},
): Promise<SignedIn> {
  const email = fields.email ?? `person${++accountCounter}-${process.pid}-${Date.now()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: fields.name ?? 'Test Person', email, password: fields.password ?? 'correct-horse-9' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; user: { id: string } }>();
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return {
    token: body.token,
    cookie,
    userId: body.user.id,
    bearer: { authorization: `Bearer ${body.token}` },
  };
}
