import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { adminQuery, postgresAdminUrl } from './templates.ts';

export { postgresAdminUrl };

export type TestDatabaseKind = 'pglite' | 'postgres';

/** Which database this test run targets: set per Vitest project (see vitest.config.ts). */
export const testDatabaseKind: TestDatabaseKind =
  process.env.MARQUEE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** postgres://… of the fresh database, for tests that open a second connection to it. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server, dropped afterwards — each a copy of the project's migrated template
 * (templates.ts) when there is one.
 */
export async function createTestDatabase(kind: TestDatabaseKind = testDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const template = provided('pgliteTemplate');
    // A copy of the template was migrated in this run, from these sources: nothing to apply.
    const database = await openDatabase({ dataDir: 'memory', loadFrom: template, migrate: !template });
    return { database, drop: () => database.close() };
  }
  const name = `marquee_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = provided('postgresTemplate');
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(postgresAdminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 20, migrate: !template });
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

/** What the project's global set-up provided; undefined outside a Vitest project that has it. */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}
