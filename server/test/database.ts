import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** Which database this test run targets: set per Vitest project (see vitest.config.ts). */
export const testDatabaseKind: TestDatabaseKind =
  process.env.MARQUEE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const postgresAdminUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  /** postgres://… of the fresh database, for tests that open a second connection to it. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(kind: TestDatabaseKind = testDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory' });
    return { database, drop: () => database.close() };
  }
  const name = `marquee_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = withDatabase(postgresAdminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
