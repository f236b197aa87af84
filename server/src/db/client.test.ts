import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/database.ts';
import { openDatabase } from './client.ts';
import { insertMovie } from '../fixtures/factories.ts';
import { movies } from './schema.ts';

describe.runIf(testDatabaseKind === 'pglite')('embedded database (PGlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pglite-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a close and reopen', async () => {
    const first = await openDatabase({ dataDir });
    await insertMovie(first.db, { title: 'Persisted' });
    await first.close();
    const second = await openDatabase({ dataDir });
    const rows = await second.db.select().from(movies);
    expect(rows.map((row) => row.title)).toEqual(['Persisted']);
    await second.close();
  });

  it('refuses a second opener of the same directory while the first holds it', async () => {
    const holder = await openDatabase({ dataDir });
    try {
      // Another process's live pid in the lock file is what a second process would find.
      fs.writeFileSync(path.join(dataDir, 'marquee.lock'), String(process.ppid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
    } finally {
      fs.writeFileSync(path.join(dataDir, 'marquee.lock'), String(process.pid));
      await holder.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'marquee.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that died', async () => {
    fs.writeFileSync(path.join(dataDir, 'marquee.lock'), '999999');
    const database = await openDatabase({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, 'marquee.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
  });
});

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL', () => {
  it('lets several processes start at once: one migrates, all succeed', async () => {
    const t = await createTestDatabase();
    try {
      const url = t.url!;
      const openers = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, poolSize: 1 })),
      );
      await insertMovie(openers[0]!.db, { title: 'Shared' });
      const [row] = await openers[3]!.db.select({ value: count() }).from(movies);
      expect(Number(row!.value)).toBe(1);
      await Promise.all(openers.map((database) => database.close()));
    } finally {
      await t.drop();
    }
  });
});

describe('migrations', () => {
  it('apply again as a no-op', async () => {
    const t = await createTestDatabase();
    try {
      const again = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 1 }) : null;
      await again?.close();
      const [row] = await t.database.db.select({ value: count() }).from(movies);
      expect(Number(row!.value)).toBe(0);
    } finally {
      await t.drop();
    }
  });
});
