#!/usr/bin/env node
// Self time of a V8 CPU profile (node --cpu-prof), grouped by where the code lives: a package in
// node_modules, a file of the app, Node's internals, garbage collection, idle. Usage:
//   node bench/profile-summary.mjs FILE.cpuprofile [--last-ms N] [--top N]
// --last-ms keeps the samples of the last N ms before the process stopped (the rush, when the
// bench stops the app right after it).
import fs from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at >= 0 ? Number(rest[at + 1]) : fallback;
};
const lastMs = option('--last-ms', Infinity);
const top = option('--top', 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

function group(node) {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName || 'native'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url.split('/').slice(0, 3).join('/');
  const app = /\/(server|shared)\/src\/(.*)$/.exec(url);
  return app ? `app ${app[1]}/${app[2]}` : url;
}

const self = new Map();
let total = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const delta = profile.timeDeltas[i + 1] ?? 0;
  if ((profile.endTime - t) / 1000 > lastMs) continue;
  const key = group(nodes.get(profile.samples[i]));
  self.set(key, (self.get(key) ?? 0) + delta);
  total += delta;
}
const busy = total - (self.get('(idle)') ?? 0);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(
    `${(us / 1e3).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`,
  );
