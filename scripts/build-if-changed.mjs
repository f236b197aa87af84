#!/usr/bin/env node
// `npm start` calls this: builds the client only when its inputs changed since the last build
// (a fingerprint of the client's sources, the shared code and the lockfile), so a second start
// serves within seconds. `npm run build` always builds. It also bundles the server's own
// TypeScript (with shared) into one JavaScript file when those sources changed: started through
// tsx, every module the server loads, its dependencies' included, passes the loader's hooks,
// which tripled start-up; the bundle leaves node_modules to plain Node.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'client/node_modules/.cache/marquee-client-build.json');
const inputs = ['client', 'shared', 'package-lock.json', 'package.json', 'scripts/compress-dist.mjs'];
const skipped = new Set(['node_modules', 'dist', '.vite']);

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) {
    if (!skipped.has(child)) yield* files(path.join(entry, child));
  }
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const current = fingerprint(inputs);
let previous;
try {
  previous = JSON.parse(fs.readFileSync(stampFile, 'utf8')).fingerprint;
} catch {
  previous = undefined;
}
if (previous === current && fs.existsSync(path.join(root, 'client/dist/index.html'))) {
  console.log('Client build is up to date (its sources have not changed since the last build).');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@marquee/client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify({ fingerprint: current, builtAt: new Date().toISOString() }));
}

await bundleServerIfChanged();

/**
 * server/dist/start/server.mjs: the server's and shared's TypeScript in one file, every package
 * left to node_modules. It sits two folders below server/, like the sources it replaces, so the
 * paths they resolve from import.meta.url (drizzle/, assets/, ../client/dist, and src/db/ for the
 * PGlite worker and the database code in src/db/sql) stay right.
 */
async function bundleServerIfChanged() {
  const outfile = path.join(root, 'server/dist/start/server.mjs');
  const stamp = path.join(root, 'server/dist/start/fingerprint.json');
  const sources = fingerprint(['server/src', 'shared/src', 'server/package.json', 'package-lock.json']);
  let built;
  try {
    built = JSON.parse(fs.readFileSync(stamp, 'utf8')).fingerprint;
  } catch {
    built = undefined;
  }
  if (built === sources && fs.existsSync(outfile)) return;
  const { build } = await import('esbuild');
  const serverDeps = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(root, 'server/src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Every package but our own shared code stays an import that Node resolves as usual.
    external: Object.keys({ ...serverDeps.dependencies, ...serverDeps.devDependencies }).filter(
      (name) => name !== '@marquee/shared',
    ),
    logLevel: 'warning',
  });
  fs.writeFileSync(stamp, JSON.stringify({ fingerprint: sources, builtAt: new Date().toISOString() }));
}
