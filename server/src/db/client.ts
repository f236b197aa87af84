import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  PgListener,
  type ListenerEvent,
  type ListenerStats,
  type NotificationHandler,
} from './pg-listener.ts';
import { applyDatabaseCode, type InTransaction } from './database-code.ts';
import { FairQueue } from './fair-queue.ts';
import { startPgliteThread, type PgliteThread, type PgliteTransaction } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';
export type { ListenerEvent, NotificationHandler };

export interface DatabaseStats {
  /** Connections to PostgreSQL: open, idle, requests waiting for one, and the limit. */
  pool: { total: number; idle: number; waiting: number; max: number } | null;
  listener: ListenerStats | null;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** LISTEN on a channel; NOTIFYs sent in a transaction arrive after it commits. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /**
   * NOTIFYs the channel once with each payload, outside any transaction of the caller's. On the
   * embedded database, whose only process is this one, the listeners here are called directly and
   * the engine runs nothing.
   */
  notify(channel: string, payloads: string[]): Promise<void>;
  /** Hears when the LISTEN connection is lost and when it is back (PostgreSQL only). */
  onListenerEvent(handler: (event: ListenerEvent) => void): () => void;
  stats(): DatabaseStats;
  /** The embedded database's queue (one query or transaction at a time, in request order). */
  queue?: FairQueue;
  /** The embedded database's directory as a gzipped tarball, taken between two queries. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… to use that server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; 'memory' keeps it in memory (tests). */
  dataDir?: string;
  /**
   * In memory only: start as a copy of this tarball of a database directory (dumpDataDir), such
   * as the tests' migrated template (server/test/templates.ts).
   */
  loadFrom?: string;
  /**
   * Applies pending migrations, then the database code (server/src/db/sql, database-code.ts),
   * before answering (default true).
   */
  migrate?: boolean;
  poolSize?: number;
  /** Embedded database: requests that may wait for it before more are refused (DB_QUEUE_LIMIT). */
  queueLimit?: number;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary but fixed: every process of this app takes this advisory lock to migrate and seed. */
export const SETUP_LOCK_ID = 7_415_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir === 'memory';
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PgliteThread;
  try {
    client = inMemory
      ? await startPgliteThread(null, options.loadFrom ?? null)
      : await startPgliteThread(path.join(path.resolve(dataDir), 'pgdata'));
  } catch (error) {
    release();
    throw error;
  }
  // PGlite runs one query at a time and would take them in the order they are asked; the queue
  // takes them in the order their requests arrived instead, and bounds the wait (fair-queue.ts).
  // Two at a time: the thread has the next one when it finishes one (PGlite still runs them one
  // after the other, in the order sent; a transaction holds back what comes after it).
  const queue = new FairQueue(options.queueLimit ?? 500, 2);
  const gated = {
    query: (...args: Parameters<PgliteThread['query']>) => queue.run(() => client.query(...args)),
    transaction: <T>(fn: (tx: PgliteTransaction) => Promise<T>) => queue.run(() => client.transaction(fn)),
  };
  const db = drizzlePglite({ client: gated as unknown as PGlite, schema }) as unknown as Db;
  if (options.migrate !== false) {
    try {
      await migratePglite(db as never, { migrationsFolder });
      await applyDatabaseCode((fn) => gated.transaction((tx) => fn((sql) => tx.query(sql))));
    } catch (error) {
      await client.close().finally(release);
      throw error;
    }
  }
  // The listeners of each channel, for notify: the embedded database has no other process to tell.
  const listeners = new Map<string, Set<NotificationHandler>>();
  return {
    db,
    kind: 'pglite',
    queue,
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      let handlers = listeners.get(channel);
      if (!handlers) listeners.set(channel, (handlers = new Set()));
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
        await unlisten();
      };
    },
    async notify(channel, payloads) {
      for (const payload of payloads) {
        for (const handler of listeners.get(channel) ?? []) handler(payload);
      }
    },
    // In-process: there is no connection to lose.
    onListenerEvent: () => () => {},
    stats: () => ({ pool: null, listener: null }),
    // PGlite runs no query while it copies (after a checkpoint, so the copy needs little recovery),
    // and the write-ahead log it includes makes it crash-consistent whatever else was open.
    dump: () => client.dumpDataDir(),
    async close() {
      try {
        // After what is already waiting for the database: a sweep that started still finishes.
        await queue.run(() => client.close());
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite does not guard its directory, and two processes on one directory corrupt it.
 * A lock file holding our pid refuses a second process; a lock left by a dead one is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'marquee.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner}. ` +
            'Stop it, or give this process another DATA_DIR (or a DATABASE_URL).',
          { cause: error },
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${path.resolve(dataDir)}`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    if (options.migrate !== false) await migrateWithLock(databaseUrl);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listener = new PgListener(databaseUrl);
  try {
    await listener.start();
  } catch (error) {
    await pool.end();
    throw error;
  }
  const max = options.poolSize ?? 10;
  return {
    db,
    kind: 'postgres',
    listen: (channel, handler) => listener.listen(channel, handler),
    async notify(channel, payloads) {
      await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        channel,
        payloads,
      ]);
    },
    onListenerEvent: (handler) => listener.onEvent(handler),
    stats: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max },
      listener: listener.stats(),
    }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Several processes may start at once on one server: one migrates and applies the database code
 * while the others wait, then each finds nothing left to do.
 */
async function migrateWithLock(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    await applyDatabaseCode(inPgTransaction(client));
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

function inPgTransaction(client: pg.Client): InTransaction {
  return async (fn) => {
    await client.query('begin');
    try {
      const result = await fn((sql) => client.query(sql));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  };
}

export interface PgError {
  code: string;
  message: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error behind a driver or drizzle error (drizzle wraps it in `cause`). */
export function pgError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint, detail, message } = current as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        code,
        message: typeof message === 'string' ? message : '',
        constraint: typeof constraint === 'string' ? constraint : undefined,
        detail: typeof detail === 'string' ? detail : undefined,
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}
