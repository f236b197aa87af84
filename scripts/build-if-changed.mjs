#!/usr/bin/env node
// `npm start` calls this: builds the client only when its inputs changed since the last build
// (a fingerprint of the client's sources, the shared code and the lockfile), so a second start
// serves within seconds. `npm run build` always builds. It also bundles the server's own
// TypeScript (with shared) into one JavaScript file when those sources changed (bundle-server.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleServerIfChanged, fingerprint } from './bundle-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'client/node_modules/.cache/marquee-client-build.json');
const inputs = ['client', 'shared', 'package-lock.json', 'package.json', 'scripts/compress-dist.mjs'];

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
