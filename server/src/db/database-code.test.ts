import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.ts';
import type { Db } from './client.ts';
import { applyDatabaseCode, DATABASE_CODE, databaseCodeFolder, type InTransaction } from './database-code.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const db = () => t.database.db;
const sqlFolder = fileURLToPath(databaseCodeFolder);
const files = fs
  .readdirSync(sqlFolder)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => name.slice(0, -'.sql'.length));

async function execute(db: Pick<Db, 'execute'>, text: string) {
  return (await db.execute(sql.raw(text))) as unknown as { rows: unknown[] };
}

async function rows<T>(db: Db, text: string): Promise<T[]> {
  return (await execute(db, text)).rows as T[];
}

/** The app's functions in the database: each name with how many functions carry it. */
async function installedFunctions() {
  return rows<{ name: string; count: number }>(
    db(),
    `select p.proname as name, count(*)::int as count from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'marquee\\_%'
     group by 1 order by 1`,
  );
}

async function installedTriggers() {
  const found = await rows<{ name: string }>(
    db(),
    `select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and not t.tgisinternal order by 1`,
  );
  return found.map((row) => row.name);
}

function inTransaction(db: Db): InTransaction {
  return (fn) => db.transaction((tx) => fn((text) => execute(tx, text)));
}

describe('database code (server/src/db/sql)', () => {
  it('lists every file of server/src/db/sql once, and only those', () => {
    expect([...DATABASE_CODE].sort()).toEqual([...files].sort());
    expect(new Set(DATABASE_CODE).size).toBe(DATABASE_CODE.length);
  });

  it('is what the database has: each function once, no other, none left over', async () => {
    const installed = await installedFunctions();
    expect(installed.filter((row) => row.count > 1)).toEqual([]);
    expect(installed.map((row) => row.name)).toEqual([...files].sort());
  });

  it('was installed at start-up from these very files', async () => {
    const recorded = await rows<{ name: string; comment: string | null }>(
      db(),
      `select p.proname as name, obj_description(p.oid, 'pg_proc') as comment from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = current_schema() and p.proname like 'marquee\\_%' order by 1`,
    );
    for (const { name, comment } of recorded) {
      const text = fs.readFileSync(path.join(sqlFolder, `${name}.sql`));
      const checksum = createHash('sha256').update(text).digest('hex');
      expect(comment, name).toContain(`server/src/db/sql/${name}.sql sha256 ${checksum}`);
    }
  });

  it("has exactly the files' triggers, and each file only its own function", async () => {
    const declared: string[] = [];
    for (const name of files) {
      const text = fs.readFileSync(path.join(sqlFolder, `${name}.sql`), 'utf8');
      const functions = [...text.matchAll(/create\s+or\s+replace\s+function\s+(\w+)/gi)].map((m) => m[1]);
      expect(functions, `${name}.sql`).toEqual([name]);
      // A trigger is re-created at every application: dropped first, in the same transaction.
      const created = [...text.matchAll(/create\s+trigger\s+(\w+)/gi)].map((m) => m[1]!);
      const dropped = [...text.matchAll(/drop\s+trigger\s+if\s+exists\s+(\w+)/gi)].map((m) => m[1]!);
      expect(dropped, `${name}.sql`).toEqual(created);
      declared.push(...created);
    }
    expect(await installedTriggers()).toEqual(declared.sort());
  });

  it('has every function the server calls', async () => {
    const called = new Set<string>();
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = fs.readFileSync(full, 'utf8');
          for (const match of text.matchAll(/\b(marquee_[a-z_]+)\s*\(/g)) called.add(match[1]!);
        }
      }
    };
    visit(path.resolve(sqlFolder, '..', '..'));
    expect(called.size).toBeGreaterThan(3);
    const installed = new Set((await installedFunctions()).map((row) => row.name));
    expect([...called].filter((name) => !installed.has(name))).toEqual([]);
  });

  it('applies nothing again on a database that has it, and locks no table to find that out', async () => {
    expect(await applyDatabaseCode(inTransaction(db()))).toEqual([]);
  });

  it('applies again what was changed by hand: a function replaced, a trigger dropped', async () => {
    await db().execute(
      sql.raw(`create or replace function marquee_blocks_seat(
        p_is_live boolean, p_status text, p_expires_at timestamptz, p_now timestamptz
      ) returns boolean language sql immutable as $$ select p_is_live $$`),
    );
    await db().execute(sql.raw('drop trigger bookings_need_active_movie on bookings'));
    expect(await applyDatabaseCode(inTransaction(db()))).toEqual([
      'marquee_blocks_seat',
      'marquee_booking_needs_active_movie',
    ]);
    const [lapsed] = await rows<{ blocks: boolean }>(
      db(),
      "select marquee_blocks_seat(true, 'pending', now() - interval '1 second', now()) as blocks",
    );
    expect(lapsed!.blocks).toBe(false);
    expect(await installedTriggers()).toContain('bookings_need_active_movie');
    expect(await applyDatabaseCode(inTransaction(db()))).toEqual([]);
  });

  it('refuses to leave a second function under a name: a migration must drop the old one', async () => {
    await execute(
      db(),
      'create function marquee_blocks_seat(p boolean) returns boolean language sql as $$ select p $$',
    );
    try {
      await expect(applyDatabaseCode(inTransaction(db()))).rejects.toThrow(
        'marquee_blocks_seat is 2 functions: a migration must drop the one marquee_blocks_seat.sql no longer defines',
      );
    } finally {
      await execute(db(), 'drop function marquee_blocks_seat(boolean)');
    }
    // Nothing was changed: the refusal rolled back, and the function is as its file left it.
    expect(await applyDatabaseCode(inTransaction(db()))).toEqual([]);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'gives way to a transaction writing a table whose trigger it re-creates, then applies',
    async () => {
      await db().execute(sql.raw('drop trigger shows_notify_change on shows'));
      const [writer, applier] = [
        new pg.Client({ connectionString: t.url }),
        new pg.Client({ connectionString: t.url }),
      ];
      await Promise.all([writer.connect(), applier.connect()]);
      try {
        // PostgreSQL's deadlock detection would end the wait below after a second (its
        // deadlock_timeout) by cancelling one side, perhaps the buyer's: kept out of the way here,
        // the applier's own lock timeout is what must resolve it.
        for (const client of [writer, applier]) await client.query("set deadlock_timeout = '1h'");
        // An open write on shows: re-creating its trigger must wait for the table's lock.
        await writer.query('begin');
        await writer.query('update shows set status = status');
        const applying = applyDatabaseCode(
          async (fn) => {
            await applier.query('begin');
            try {
              const result = await fn((text) => applier.query(text));
              await applier.query('commit');
              return result;
            } catch (error) {
              await applier.query('rollback');
              throw error;
            }
          },
          { lockTimeoutMs: 200, attempts: 1_000 },
        );
        await expect
          .poll(
            async () =>
              (
                await rows<{ n: number }>(
                  db(),
                  `select count(*)::int as n from pg_stat_activity
                   where datname = current_database() and wait_event_type = 'Lock'`,
                )
              )[0]!.n,
            { timeout: 10_000, interval: 10 },
          )
          .toBe(1);
        // Holding the locks it took so far (booking_seats' and bookings' triggers come first), it
        // and a buyer's write to bookings would wait for each other; it gives way instead, and
        // the write goes through.
        await writer.query('update bookings set updated_at = updated_at');
        await writer.query('commit');
        expect(await applying).toEqual(['marquee_notify_seats']);
      } finally {
        await Promise.all([writer.end(), applier.end()]);
      }
      expect(await installedTriggers()).toContain('shows_notify_change');
    },
  );
});
