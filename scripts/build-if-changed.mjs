#!/usr/bin/env node
// `npm start` calls this: builds the client only when its inputs changed since the last build
// (a fingerprint of the client's sources, the shared code and the lockfile), so a second start
// serves within seconds. `npm run build` always builds.
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

function fingerprint() {
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

const current = fingerprint();
let previous;
try {
  previous = JSON.parse(fs.readFileSync(stampFile, 'utf8')).fingerprint;
} catch {
  previous = undefined;
}
if (previous === current && fs.existsSync(path.join(root, 'client/dist/index.html'))) {
  console.log('Client build is up to date (its sources have not changed since the last build).');
  process.exit(0);
}

const result = spawnSync('npm', ['run', 'build', '-w', '@marquee/client'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.mkdirSync(path.dirname(stampFile), { recursive: true });
fs.writeFileSync(stampFile, JSON.stringify({ fingerprint: current, builtAt: new Date().toISOString() }));
