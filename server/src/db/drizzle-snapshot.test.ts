import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.ts';

const server = fileURLToPath(new URL('../..', import.meta.url));
const meta = path.join(server, 'drizzle/meta');
const drizzleKit = fileURLToPath(new URL('../../../node_modules/drizzle-kit/bin.cjs', import.meta.url));

interface Table {
  columns: Record<string, { type: string; notNull: boolean; default?: unknown; primaryKey: boolean }>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, unknown>;
  uniqueConstraints: Record<string, unknown>;
  checkConstraints: Record<string, unknown>;
}
type Snapshot = { tables: Record<string, Table> };

/** What a reader of the snapshot relies on: tables, columns and their types, and every name. */
function outline({ tables }: Snapshot) {
  return Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [
      name,
      {
        columns: Object.fromEntries(
          Object.entries(table.columns).map(([column, c]) => [
            column,
            { type: c.type, notNull: c.notNull, default: c.default ?? null, primaryKey: c.primaryKey },
          ]),
        ),
        indexes: Object.keys(table.indexes).sort(),
        foreignKeys: Object.keys(table.foreignKeys).sort(),
        uniqueConstraints: Object.keys(table.uniqueConstraints).sort(),
        checkConstraints: Object.keys(table.checkConstraints).sort(),
      },
    ]),
  );
}

// The snapshot db:generate compares with is schema.ts (drizzle-snapshot.unit.test); schema.ts must
// then be what the migrations make, or the snapshot script would record a database that is not
// there. drizzle-kit reads the migrated database back, and the two must agree.
describe.runIf(testDatabaseKind === 'postgres')('the newest drizzle snapshot', () => {
  let t: TestDatabase;
  let out: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pull-'));
  });
  afterAll(async () => {
    fs.rmSync(out, { recursive: true, force: true });
    await t.drop();
  });

  it('is the database the migrations make', () => {
    const pulled = spawnSync(
      process.execPath,
      [
        drizzleKit,
        'pull',
        '--dialect=postgresql',
        `--url=${t.url}`,
        // drizzle-kit reads an absolute --out as relative to the working directory.
        `--out=${path.relative(server, out)}`,
      ],
      { cwd: server, encoding: 'utf8' },
    );
    expect(pulled.status, pulled.stdout + pulled.stderr).toBe(0);
    const database = JSON.parse(
      fs.readFileSync(path.join(out, 'meta/0000_snapshot.json'), 'utf8'),
    ) as Snapshot;
    const newest = fs
      .readdirSync(meta)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(fs.readFileSync(path.join(meta, newest), 'utf8')) as Snapshot;
    expect(outline(database)).toEqual(outline(snapshot));
  });
});
