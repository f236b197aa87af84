import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// In production the server serves the app and the API from one origin; in development the
// proxy keeps that single-origin shape so cookies and relative URLs behave the same.
const apiServer = 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  // ws: live seat updates may arrive over a WebSocket under /api.
  '/api': { target: apiServer, ws: true },
  '/posters': { target: apiServer },
};

/**
 * Gzipped JavaScript a visitor downloads before the home page works: the entry chunk and every
 * chunk it imports statically. Lazy routes are not counted; they load when visited.
 * See docs/benchmarks.md "Client bundle" for why the line is where it is.
 */
const homeBudgetKb = 100;

function gzipKb(code: string | Uint8Array): number {
  return gzipSync(code).length / 1000;
}

/** Fails the build when the home route's JavaScript, as written to disk, passes `limitKb` gzipped. */
function homeBundleBudget(limitKb: number): Plugin {
  return {
    name: 'marquee-home-bundle-budget',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry || !options.dir) return this.error('No entry chunk or output directory found');

      const counted = new Set<string>();
      const visit = (fileName: string) => {
        if (counted.has(fileName)) return;
        counted.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);

      const sizes = [...counted].map(
        (fileName) => [fileName, gzipKb(fs.readFileSync(path.join(options.dir!, fileName)))] as const,
      );
      const total = sizes.reduce((sum, [, size]) => sum + size, 0);
      const detail = sizes.map(([fileName, size]) => `${fileName} ${size.toFixed(1)} kB`).join(', ');
      const summary = `home route JavaScript ${total.toFixed(1)} kB gzip (budget ${limitKb} kB): ${detail}`;
      if (total > limitKb) return this.error(`Over budget: ${summary}`);
      this.info(summary);
    },
  };
}

// react-router's package exports point at its development build under every condition, so Vite's
// production condition never reaches it; aim at the production files directly when building.
const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
];

const frameworkModules = /node_modules[\\/](preact|react-router|@tanstack[\\/][^\\/]+)[\\/]/;

export default defineConfig(({ command }) => ({
  // Preact's React compatibility layer stands in for React and React DOM, in development and in the
  // build alike: docs/decisions/0008-preact-runtime.md says why.
  plugins: [preact(), tailwindcss(), homeBundleBudget(homeBudgetKb)],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the app supports has <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // react-router probes React for useOptimistic at run time and falls back without it;
      // preact/compat has none, and the check would call that designed fallback a mistake.
      // Our own imports need no such check: TypeScript refuses an import with no export.
      checks: { importIsUndefined: false },
      output: {
        // The framework changes far less often than the app: in its own file it stays cached
        // across deploys. Only code every page needs goes in, so no lazy library is pulled forward.
        codeSplitting: { groups: [{ name: 'framework', test: frameworkModules }] },
      },
    },
  },
}));
