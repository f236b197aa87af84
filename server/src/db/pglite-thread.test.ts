import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/database.ts';
import { openDatabase, pgError, type Database } from './client.ts';
import { insertMovie } from '../fixtures/factories.ts';
import { movies } from './schema.ts';

describe.runIf(testDatabaseKind === 'pglite')('the embedded database on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory' });
  });
  afterAll(() => database.close());

  it("leaves the app's thread free while a statement runs", async () => {
    // PGlite on the app's thread would run this second in WebAssembly with no timer firing.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    try {
      await database.db.execute(sql`select pg_sleep(0.5)`);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it("keeps PostgreSQL's error code and constraint, and the caller's stack", async () => {
    const movie = await insertMovie(database.db, { title: 'Once' });
    const error = await insertMovie(database.db, { id: movie.id, title: 'Twice' }).catch((e: unknown) => e);
    expect(pgError(error)).toMatchObject({ code: '23505', constraint: 'movies_pkey' });
    expect(String((error as Error).stack)).toContain('pglite-thread.test.ts');
  });

  it('commits a transaction that returns and rolls back one that throws, savepoints included', async () => {
    await database.db.transaction(async (tx) => {
      await insertMovie(tx, { title: 'Kept' });
      await tx
        .transaction(async (inner) => {
          await insertMovie(inner, { title: 'Savepoint undone' });
          throw new Error('undo the savepoint');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await insertMovie(tx, { title: 'Undone' });
        throw new Error('undo it all');
      }),
    ).rejects.toThrow('undo it all');
    const titles = (await database.db.select({ title: movies.title }).from(movies)).map((row) => row.title);
    expect(titles).toContain('Kept');
    expect(titles).not.toContain('Undone');
    expect(titles).not.toContain('Savepoint undone');
  });

  it('runs a query handed over while a transaction is open after that transaction, not inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const inside = new Promise<void>((resolve) => (began = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await insertMovie(tx, { title: 'Never committed' });
        began();
        await gate;
        throw new Error('roll it back');
      })
      .catch((error: Error) => error.message);
    await inside;
    const seen = database.db
      .select({ title: movies.title })
      .from(movies)
      .where(eq(movies.title, 'Never committed'))
      .then((rows) => rows);
    // The queue hands over two tasks at once: the select is with the thread, not waiting here.
    await expect.poll(() => database.queue!.length).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await rolledBack).toBe('roll it back');
    expect(await seen).toEqual([]);
  });

  it('answers timestamps, jsonb and numbers as drizzle expects them', async () => {
    const { rows } = (await database.db.execute(
      sql`select now() as at, '{"a":[1,2]}'::jsonb as doc, 3::int as n, 2.5::float8 as f`,
    )) as unknown as { rows: { at: unknown; doc: unknown; n: unknown; f: unknown }[] };
    // drizzle keeps timestamps as their text and makes its own Dates of them.
    expect(rows[0]).toEqual({ at: expect.any(String), doc: { a: [1, 2] }, n: 3, f: 2.5 });
    const [row] = await database.db
      .select({ createdAt: movies.createdAt, rating: movies.rating })
      .from(movies)
      .limit(1);
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('tells listeners of a notification sent by a committed transaction', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_test', (payload) => heard.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_test', 'hello')`);
    });
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
  });
});
