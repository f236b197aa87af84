import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The database's own code: every SQL function and trigger the app relies on, one file each in
 * server/src/db/sql/ holding its current body (docs/architecture.md, "Database code"). Tables
 * change through migrations; this code is re-applied after them at every start, in this order
 * (a function before the functions that call it), so one file answers what it does today.
 */
export const DATABASE_CODE = [
  'marquee_blocks_seat',
  'marquee_release_lapsed',
  'marquee_booking_reference',
  'marquee_claim_items',
  'marquee_sync_show_seats',
  'marquee_hold_seats',
  // Before marquee_notify_seats: it takes over booking_seats' triggers, which were that function's.
  'marquee_notify_seat_claims',
  'marquee_notify_seats',
  'marquee_notify_session_change',
  'marquee_show_needs_active',
  'marquee_booking_needs_active_movie',
  'marquee_booking_tax_rates',
  'marquee_waitlist_due',
  'marquee_return_items',
  'marquee_shift_is_final',
] as const;

/** From the sources (server/src/db) and from the bundle (server/dist/start), as the worker is found. */
export const databaseCodeFolder = new URL('../../src/db/sql/', import.meta.url);

export interface DatabaseCodeFile {
  /** The function the file defines, and the file's name without `.sql`. */
  name: string;
  /** Its statements, split where the file says `--> statement-breakpoint` (as migrations are). */
  statements: string[];
  /** sha256 of the file: what the database records it was last given. */
  checksum: string;
}

export function readDatabaseCode(): DatabaseCodeFile[] {
  return DATABASE_CODE.map((name) => {
    const text = fs.readFileSync(new URL(`${name}.sql`, databaseCodeFolder), 'utf8');
    return {
      name,
      statements: text.split('--> statement-breakpoint').filter((part) => part.trim() !== ''),
      checksum: createHash('sha256').update(text).digest('hex'),
    };
  });
}

export type Query = (sql: string) => Promise<{ rows: unknown[] }>;
/** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
export type InTransaction = <T>(fn: (query: Query) => Promise<T>) => Promise<T>;

export interface ApplyOptions {
  /**
   * How long the transaction may wait for a table's lock (re-creating a trigger locks its table
   * against writes) before it gives way and tries again: shorter than PostgreSQL's deadlock
   * timeout (1 s), so when it and a buyer's hold wait for each other, it is the one that yields.
   */
  lockTimeoutMs?: number;
  attempts?: number;
}

/**
 * Applies every file whose function is not as that file last left it, in DATABASE_CODE's order,
 * in one transaction; answers the names applied. Each function carries a comment recording the
 * file's checksum and a digest of what was installed (its definition and its triggers'), so a
 * start on an unchanged database changes nothing and locks no table, and a file edited since, a
 * function replaced by hand or a trigger dropped is applied again. The caller holds the setup lock
 * (SETUP_LOCK_ID) on PostgreSQL, so processes starting together apply one after the other.
 */
export async function applyDatabaseCode(
  inTransaction: InTransaction,
  { lockTimeoutMs = 500, attempts = 20 }: ApplyOptions = {},
): Promise<string[]> {
  const files = readDatabaseCode();
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(async (query) => {
        await query(`set local lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
        const installed = await installedState(query);
        const applied: string[] = [];
        for (const file of files) {
          const now = installed.get(file.name);
          if (now && now.recorded === record(file, now.state)) continue;
          for (const statement of file.statements) await query(statement);
          const [after, ...others] = await installedStates(query, [file.name]);
          if (!after) throw new Error(`${file.name}.sql did not create the function ${file.name}`);
          if (others.length) {
            // CREATE OR REPLACE with other arguments makes a second function beside the first.
            throw new Error(
              `${file.name} is ${others.length + 1} functions: a migration must drop the one ${file.name}.sql no longer defines`,
            );
          }
          // The comment is ours to write: hex digits only, no quoting to get wrong.
          await query(`comment on function ${after.signature} is '${record(file, after.state)}'`);
          applied.push(file.name);
        }
        return applied;
      });
    } catch (error) {
      const code = sqlState(error);
      // 55P03: a table's lock not granted in time; 40P01: chosen to end a deadlock.
      if ((code === '55P03' || code === '40P01') && attempt < attempts) {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(50 * attempt, 1_000) + Math.random() * 100),
        );
        continue;
      }
      throw error;
    }
  }
}

/** The SQLSTATE of a driver's error, or of the error a driver's wrapper carries as its cause. */
function sqlState(error: unknown): unknown {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

function record(file: DatabaseCodeFile, state: string) {
  return `server/src/db/sql/${file.name}.sql sha256 ${file.checksum}, installed md5 ${state}`;
}

interface Installed {
  signature: string;
  recorded: string | null;
  state: string;
}

/** Each function's comment and a digest of its definition and its triggers'; none if overloaded. */
async function installedState(query: Query) {
  const rows = await installedStates(query, DATABASE_CODE);
  const byName = new Map<string, Installed>();
  const overloaded = new Set<string>();
  for (const row of rows) {
    if (byName.has(row.name)) overloaded.add(row.name);
    byName.set(row.name, row);
  }
  for (const name of overloaded) byName.delete(name);
  return byName;
}

async function installedStates(query: Query, names: readonly string[]) {
  // Our own names (lower case and underscores), so they can be written into the statement.
  const list = names.map((name) => {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a database code name: ${name}`);
    return `'${name}'`;
  });
  const { rows } = await query(
    `select p.proname as name, p.oid::regprocedure::text as signature,
        obj_description(p.oid, 'pg_proc') as recorded,
        md5(pg_get_functiondef(p.oid) || coalesce((
          select string_agg(pg_get_triggerdef(t.oid), E'\\n' order by t.tgname)
          from pg_trigger t where t.tgfoid = p.oid and not t.tgisinternal), '')) as state
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname in (${list.join(', ')})`,
  );
  return rows as (Installed & { name: string })[];
}
