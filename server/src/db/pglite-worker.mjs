// The embedded database's own thread (pglite-thread.ts starts it and explains why). Plain
// JavaScript so that every way the server runs (tsx, vitest, the bundle `npm start` builds) loads
// it as it is. Answers each message from the app's thread with { id, result } or { id, error }.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/** @type {{ dataDir: string | null, loadFrom: string | null }} */
const { dataDir, loadFrom } = workerData;
// btree_gist: the screen-overlap exclusion constraint (migration 0007) compares uuids in GiST.
const extensions = { btree_gist };
// In memory, optionally started from a copy of another database's directory (a tarball from
// dumpDataDir): the tests' migrated template, which spares each test file initdb and migrations.
const client = dataDir
  ? new PGlite(dataDir, { extensions })
  : new PGlite({ extensions, ...(loadFrom && { loadDataDir: new Blob([readFileSync(loadFrom)]) }) });

/** Open transactions by id: PGlite's transaction object and how to end it. */
const transactions = new Map();
/** LISTEN subscriptions by id: their unsubscribe. */
const subscriptions = new Map();
let nextTransaction = 1;

/** The fields of a PostgreSQL error that can cross to the other thread (code, detail, constraint…). */
function describe(error) {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    fields,
  };
}

/** Query options: drizzle's parsers keep some types as text, and cross as those types' ids. */
function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  if (!textTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((type) => [type, (value) => value])) };
}

async function onQuery({ sql, params, options, tx }) {
  const target = tx ? transactions.get(tx)?.tx : client;
  if (!target) throw new Error(`Transaction ${tx} is not open`);
  const { rows, fields, affectedRows } = await target.query(sql, params, queryOptions(options));
  return { rows, fields, affectedRows };
}

/** A transaction stays open, between messages, until the app's thread ends it. */
function onBegin() {
  return new Promise((resolve, reject) => {
    const id = nextTransaction++;
    let end;
    const ended = new Promise((resolveEnd) => (end = resolveEnd));
    const done = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done });
        resolve(id);
        const commit = await ended;
        // PGlite rolls back when the callback throws; the app's error already reached the app.
        if (!commit) throw new RolledBack();
      })
      .then(
        () => undefined,
        (error) => {
          if (!(error instanceof RolledBack)) throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // BEGIN itself failed (the callback never ran); a failed COMMIT reaches onEnd instead.
    done.catch(reject);
  });
}

class RolledBack extends Error {}

async function onEnd({ tx, commit }) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  open.end(commit);
  await open.done;
  return null;
}

const handlers = {
  query: onQuery,
  async exec({ sql }) {
    return (await client.exec(sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
  },
  begin: onBegin,
  end: onEnd,
  async listen({ channel, subscription }) {
    const unsubscribe = await client.listen(channel, (payload) =>
      parentPort.postMessage({ notify: subscription, payload }),
    );
    subscriptions.set(subscription, unsubscribe);
    return null;
  },
  async unlisten({ subscription }) {
    const unsubscribe = subscriptions.get(subscription);
    subscriptions.delete(subscription);
    if (unsubscribe && !client.closed) await unsubscribe();
    return null;
  },
  async dump() {
    // Flushed first so the copy needs little recovery; PGlite runs no query while it copies, and
    // the write-ahead log it includes makes it crash-consistent whatever else was open.
    await client.exec('checkpoint');
    return client.dumpDataDir('gzip');
  },
  async close() {
    if (!client.closed) await client.close();
    return null;
  },
};

parentPort.on('message', async (message) => {
  try {
    const result = await handlers[message.op](message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: describe(error) });
  }
});

client.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: describe(error) }),
);
