import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServerIfChanged } from '../../scripts/bundle-server.mjs';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated embedded database: each test file's PGlite starts as a copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test file's database is created from. */
    postgresTemplate: string;
  }
}

export const postgresAdminUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Global set-up of the pglite and postgres projects: migrate one database once, then every test
 * file starts from a copy of it (test/database.ts) instead of running initdb and every migration
 * again — on two cores, seconds per file. The template is made from this run's sources, so a copy
 * needs no migration (tests of migrating itself open their own databases).
 */
export default async function setup(project: TestProject) {
  // The tests that start `npm start`'s server process (server-process.ts) start the bundle it
  // runs, built here from this run's sources when they changed: through tsx each start took
  // seconds more.
  await bundleServerIfChanged();
  if (project.name === 'postgres') return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory' });
  let file: string;
  try {
    const dump = Buffer.from(await (await database.dump!()).arrayBuffer());
    file = path.join(os.tmpdir(), `marquee-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    // Plain tar: each copy is read without unpacking it first.
    fs.writeFileSync(file, gunzipSync(dump));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

async function postgresTemplate(project: TestProject) {
  const name = `marquee_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const reachable = await adminQuery(`create database ${name}`).then(
    () => true,
    () => false,
  );
  // Without PostgreSQL the project's tests skip or fail on their own (scripts/test.mjs says why).
  if (!reachable) return;
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(`drop database if exists ${name} with (force)`);
}

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
