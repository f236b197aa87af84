import { Worker } from 'node:worker_threads';

/**
 * The embedded database (PGlite) on a thread of its own, with the calls drizzle and the app make
 * of it: query, transaction, exec, listen, a dump of the directory and close.
 *
 * PGlite is PostgreSQL compiled to WebAssembly and runs on the thread that calls it. On the app's
 * thread every query's WebAssembly and every request's HTTP, JSON and seat rules took turns, and
 * a long statement stopped the app from reading requests at all. On its own thread the database
 * works while the app's thread reads and answers requests (decision 0018; what it gains in a rush
 * on two cores is measured in docs/benchmarks.md). Still one statement at a time: the fair queue
 * (fair-queue.ts) decides the order, as before.
 */
export interface PgliteThread extends PgliteTransaction {
  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** The data directory as a gzipped tarball, after a checkpoint. */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

/** What runs queries: the thread itself, or one of its open transactions. */
export interface PgliteTransaction {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What drizzle passes: the row shape, and parsers that keep some types as their text. */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Where the call was made: the stack an error from the other thread is given (read only then). */
  stack: Error;
}

type Answer =
  | { id: number; result: unknown }
  | { id: number; error: RemoteError }
  | { notify: number; payload: string }
  | { ready: true }
  | { ready: false; error: RemoteError };

interface RemoteError {
  name: string;
  message: string;
  /** code, detail, constraint… as PostgreSQL gave them (pgError reads them). */
  fields: Record<string, string | number | boolean>;
}

/** Where the worker is from the sources (server/src/db) and from the bundle (server/dist/start). */
const workerUrl = new URL('../../src/db/pglite-worker.mjs', import.meta.url);

/**
 * Starts PGlite on its own thread, on `dataDir` (its pgdata folder) or in memory when null — then
 * from `loadFrom` when given: a tarball of a database directory (dumpDataDir) to start as a copy of.
 */
export async function startPgliteThread(
  dataDir: string | null,
  loadFrom: string | null = null,
): Promise<PgliteThread> {
  const worker = new Worker(workerUrl, { workerData: { dataDir, loadFrom } });
  const pending = new Map<number, Pending>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let closed = false;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        if (answer.ready) resolve();
        else reject(toError(answer.error, undefined));
        return;
      }
      if ('notify' in answer) {
        listeners.get(answer.notify)?.(answer.payload);
        return;
      }
      const call = pending.get(answer.id);
      if (!call) return;
      pending.delete(answer.id);
      // The thread keeps the process alive only while the app waits for an answer.
      if (pending.size === 0) worker.unref();
      if ('error' in answer) call.reject(toError(answer.error, call.stack));
      else call.resolve(answer.result);
    });
    const fail = (error: Error) => {
      failure = error;
      closed = true;
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`The embedded database's thread stopped (exit code ${code})`)),
    );
  });

  function call<T>(message: Record<string, unknown>): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        stack: new Error(),
      });
      worker.postMessage({ ...message, id });
    });
  }

  const query = <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    call<Results<T>>({ op: 'query', sql, params, options: portable(options), tx });
  const exec = (sql: string) => call<Results[]>({ op: 'exec', sql });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  return {
    query: (sql, params, options) => query(sql, params, options),
    exec,
    async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let open = true;
      const handle: PgliteTransaction = {
        query: (sql, params, options) => query(sql, params, options, tx),
        exec: (sql) => {
          throw new Error(`exec is not supported inside a transaction: ${sql.slice(0, 60)}`);
        },
        get closed() {
          return !open;
        },
      };
      let result: T;
      try {
        result = await fn(handle);
      } catch (error) {
        open = false;
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      open = false;
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, handler) {
      const subscription = nextId++;
      listeners.set(subscription, handler);
      await call({ op: 'listen', channel, subscription });
      return async () => {
        listeners.delete(subscription);
        if (!closed) await call({ op: 'unlisten', subscription });
      };
    },
    dumpDataDir: () => call<Blob>({ op: 'dump' }),
    async close() {
      if (closed) return;
      await call({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
  };
}

/** An error from the other thread as this thread's: PostgreSQL's fields kept, this call's stack. */
function toError({ name, message, fields }: RemoteError, at: Error | undefined): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  const stack = at?.stack;
  if (stack) error.stack = `${name}: ${message}\n${stack.split('\n').slice(2).join('\n')}`;
  return error;
}

const checkedParsers = new WeakMap<object, number[]>();

/**
 * Functions cannot cross to another thread. drizzle's parsers only keep some types as text (they
 * return what they are given); they cross as the ids of those types, and anything else is refused.
 */
function portable(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length) throw new Error(`Unsupported query options: ${Object.keys(rest).join(', ')}`);
  if (!parsers) return { rowMode };
  let textTypes = checkedParsers.get(parsers);
  if (!textTypes) {
    textTypes = Object.entries(parsers).map(([type, parse]) => {
      const probe = `probe ${type}`;
      if (parse(probe, Number(type)) !== probe)
        throw new Error(`Only text-keeping parsers are supported (type ${type})`);
      return Number(type);
    });
    checkedParsers.set(parsers, textTypes);
  }
  return { rowMode, textTypes };
}
