#!/usr/bin/env node
// Keeps `npm run db:generate` honest: drizzle-kit compares server/src/db/schema.ts with the newest
// snapshot in server/drizzle/meta and writes a migration for the difference. A migration written
// by hand (as most of ours are: they also move data) comes without a snapshot, and generate would
// then write again what it already did. This script gives the newest migration in the journal a
// snapshot of schema.ts, taken by drizzle-kit itself, so that generate afterwards writes only a
// new change.
//
//   npm run db:snapshot             write the snapshot of the newest migration if it has none
//   npm run db:snapshot -- --check  exit 1 if `db:generate` would write anything now
//   npm run db:snapshot -- --force  replace the newest migration's snapshot with schema.ts
//
// Run it after adding a hand-written migration (with schema.ts changed to match it), and after
// merging branches that each added one. --force is for a newest migration whose snapshot is stale
// because schema.ts was corrected afterwards; a schema change of its own needs a migration.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'server');
const drizzleFolder = path.join(server, 'drizzle');
const metaFolder = path.join(drizzleFolder, 'meta');
const drizzleKit = path.join(root, 'node_modules/drizzle-kit/bin.cjs');

const args = new Set(process.argv.slice(2));
const check = args.has('--check');
const force = args.has('--force');

/** Runs `drizzle-kit generate` with `out` as the migrations folder; answers what it printed. */
function generate(out) {
  const result = spawnSync(
    process.execPath,
    [
      drizzleKit,
      'generate',
      '--dialect=postgresql',
      '--schema=./src/db/schema.ts',
      // drizzle-kit reads an absolute --out as relative to the working directory.
      `--out=${path.relative(server, out)}`,
      '--name=snapshot',
    ],
    { cwd: server, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`drizzle-kit generate failed (exit code ${result.status})`);
  }
  return result.stdout;
}

function snapshotsIn(folder) {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort();
}

function tempFolder() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-drizzle-'));
}

/** What `db:generate` would add to server/drizzle now: the names of the files it would write. */
function pendingChange() {
  const copy = tempFolder();
  try {
    fs.cpSync(drizzleFolder, copy, { recursive: true });
    const before = new Set(fs.readdirSync(copy));
    generate(copy);
    const written = fs.readdirSync(copy).filter((name) => !before.has(name));
    return written.map((name) => ({ name, sql: fs.readFileSync(path.join(copy, name), 'utf8') }));
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

const journal = JSON.parse(fs.readFileSync(path.join(metaFolder, '_journal.json'), 'utf8'));
const newest = journal.entries.at(-1);
const snapshotName = `${newest.tag.split('_')[0]}_snapshot.json`;
const snapshotPath = path.join(metaFolder, snapshotName);

if (check) {
  const written = pendingChange();
  if (written.length === 0) {
    console.log(`db:generate would write nothing: ${snapshotName} matches server/src/db/schema.ts.`);
    process.exit(0);
  }
  console.error('db:generate would write a migration:\n');
  for (const { name, sql } of written) console.error(`-- ${name}\n${sql}\n`);
  console.error(
    'Either schema.ts has a change that needs a migration (npm run db:generate), or the newest\n' +
      'migration was written by hand without a snapshot (npm run db:snapshot).',
  );
  process.exit(1);
}

if (fs.existsSync(snapshotPath) && !force) {
  const written = pendingChange();
  if (written.length === 0) {
    console.log(`${snapshotName} is up to date.`);
    process.exit(0);
  }
  console.error(
    `${snapshotName} exists and schema.ts differs from it: run npm run db:generate for the change, ` +
      'or --force if the newest migration already makes it.',
  );
  process.exit(1);
}

// drizzle-kit's own snapshot of schema.ts: generate into a folder with no snapshot to compare to.
const scratch = tempFolder();
let snapshot;
try {
  fs.mkdirSync(path.join(scratch, 'meta'));
  fs.writeFileSync(path.join(scratch, 'meta/_journal.json'), JSON.stringify(journal));
  generate(scratch);
  const [taken] = snapshotsIn(path.join(scratch, 'meta'));
  snapshot = JSON.parse(fs.readFileSync(path.join(scratch, 'meta', taken), 'utf8'));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

// Chained to the snapshot before it, as drizzle-kit chains its own (it refuses two with one parent).
const earlier = snapshotsIn(metaFolder).filter((name) => name < snapshotName);
const previous = earlier.length
  ? JSON.parse(fs.readFileSync(path.join(metaFolder, earlier.at(-1)), 'utf8'))
  : undefined;
const existing = fs.existsSync(snapshotPath) ? JSON.parse(fs.readFileSync(snapshotPath, 'utf8')) : undefined;
const { id, prevId, ...rest } = snapshot;
const result = {
  id: existing?.id ?? id,
  prevId: previous?.id ?? prevId,
  ...rest,
};
fs.writeFileSync(snapshotPath, JSON.stringify(result, null, 2));
console.log(`Wrote server/drizzle/meta/${snapshotName} (the schema after ${newest.tag}).`);

const left = pendingChange();
if (left.length) {
  console.error('db:generate would still write a migration; this is a bug in this script.');
  process.exit(1);
}
