// server/dist/start/server.mjs: the server's and shared's TypeScript in one file, every package
// left to node_modules, built with esbuild only when those sources changed. `npm start`
// (build-if-changed.mjs) runs it, and so do the server processes the tests start, whose global
// set-ups (server/test/templates.ts, e2e/global-setup.ts) build it: started through tsx, every
// module the server loads, its dependencies' included, passes the loader's hooks, which tripled
// start-up; the bundle leaves node_modules to plain Node.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const skipped = new Set(['node_modules', 'dist', '.vite']);

/** The bundle, from the repository's root. */
export const serverBundle = 'server/dist/start/server.mjs';

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

/** A hash of the files under each input (relative to the root), their names included. */
export function fingerprint(inputs) {
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

/**
 * Builds the bundle when the server's or shared's sources changed since the last build. It sits
 * two folders below server/, like the sources it replaces, so the paths they resolve from
 * import.meta.url (drizzle/, assets/, ../client/dist, and src/db/ for the PGlite worker and the
 * database code in src/db/sql) stay right.
 */
export async function bundleServerIfChanged() {
  const outfile = path.join(root, serverBundle);
  const stamp = path.join(path.dirname(outfile), 'fingerprint.json');
  const sources = fingerprint(['server/src', 'shared/src', 'server/package.json', 'package-lock.json']);
  let built;
  try {
    built = JSON.parse(fs.readFileSync(stamp, 'utf8')).fingerprint;
  } catch {
    built = undefined;
  }
  if (built === sources && fs.existsSync(outfile)) return;
  const { build } = await import('esbuild');
  await build(serverBuildOptions('server/src/server.ts', outfile));
  fs.writeFileSync(stamp, JSON.stringify({ fingerprint: sources, builtAt: new Date().toISOString() }));
}

/**
 * esbuild's options for one file of the server's TypeScript (with shared): every package but our
 * own shared code stays an import that Node resolves as usual.
 */
function serverBuildOptions(entry, outfile) {
  const serverDeps = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  return {
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    external: Object.keys({ ...serverDeps.dependencies, ...serverDeps.devDependencies }).filter(
      (name) => name !== '@marquee/shared',
    ),
    logLevel: 'warning',
  };
}

/**
 * The simulator's command line in one file, for the mutant proofs (sim-mutants.test.ts): started
 * through tsx, each proof's process spent about 4 s more CPU loading the sources than the bundle
 * (0.3 s to build). With a source mutant (server/src/sim/mutants.ts), its patch is applied as its
 * module is bundled — a patch that no longer matches fails the build — and the bundle carries the
 * mutant's name (MARQUEE_BAKED_MUTANT), so the CLI neither patches again nor runs it as anything
 * else. Written to server/dist/sim/NAME.mjs, as deep below server/ as the sources, so the paths
 * they resolve from import.meta.url stay right. Answers the file's path.
 */
export async function bundleSimulator(name, source) {
  const outfile = path.join(root, 'server/dist/sim', `${name}.mjs`);
  const options = serverBuildOptions('server/src/sim/cli.ts', outfile);
  const plugins = [];
  if (source) {
    const target = path.join(root, 'server/src', source.file);
    plugins.push({
      name: 'marquee-mutant',
      setup(bundler) {
        bundler.onLoad({ filter: /\.ts$/ }, (args) => {
          if (args.path !== target) return undefined;
          const text = fs.readFileSync(target, 'utf8');
          if (!text.includes(source.find)) throw new Error(`mutant ${name} no longer matches ${source.file}`);
          return { contents: text.replace(source.find, source.replace), loader: 'ts' };
        });
      },
    });
  }
  const { build } = await import('esbuild');
  await build({
    ...options,
    sourcemap: false,
    plugins,
    define: source ? { MARQUEE_BAKED_MUTANT: JSON.stringify(name) } : {},
  });
  return outfile;
}
