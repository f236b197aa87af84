import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import type * as databaseCode from './database-code.ts';
import { DATABASE_CODE, readDatabaseCode } from './database-code.ts';

// `npm start` runs the server bundled into server/dist/start/server.mjs (scripts/build-if-changed.mjs),
// which reads the database code from the sources' folder: bundled there, it finds every file.
it('is found by the bundle npm start runs, as by the sources', async () => {
  const outfile = fileURLToPath(
    new URL(`../../dist/start/database-code-${process.pid}.mjs`, import.meta.url),
  );
  try {
    await build({
      entryPoints: [fileURLToPath(new URL('./database-code.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
    });
    const bundled = (await import(outfile)) as typeof databaseCode;
    expect(bundled.readDatabaseCode()).toEqual(readDatabaseCode());
    expect(readDatabaseCode().map((file) => file.name)).toEqual([...DATABASE_CODE]);
  } finally {
    fs.rmSync(outfile, { force: true });
  }
});
