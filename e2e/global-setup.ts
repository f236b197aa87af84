import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { bundleServerIfChanged } from '../scripts/bundle-server.mjs';
import { adminAccount } from './admin-account.ts';
import { PGLITE_TEMPLATE_VARIABLE, reconcile, startApp } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Starts the real app (built client, embedded database in a fresh directory) for the browser
 * tests, with the staff account of admin-account.ts ensured at start-up as an operator would.
 * Afterwards, money and seats must agree after everything the suite did (issue 10): the run
 * fails with what the reconciliation found.
 *
 * Before that, what every app of the suite starts from: the server bundled as `npm start` runs
 * it, and an embedded cluster just initialised (app-server.ts), named to the spec files' processes
 * by an environment variable they inherit.
 */
export default async function setup(project: TestProject) {
  await bundleServerIfChanged();
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-template-'));
  await (await PGlite.create(template)).close();
  process.env[PGLITE_TEMPLATE_VARIABLE] = template;

  const app = await startApp({
    env: { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password },
  });
  project.provide('baseURL', app.baseURL);
  return async () => {
    let found: Awaited<ReturnType<typeof reconcile>>;
    try {
      found = await reconcile(app);
    } finally {
      await app.close();
      fs.rmSync(template, { recursive: true, force: true });
    }
    if (found.length) {
      // Vitest reports an error thrown here but still exits 0: the exit code says it too.
      process.exitCode = 1;
      throw new Error(
        `Reconciliation after the browser suite found ${found.length} discrepanc${found.length === 1 ? 'y' : 'ies'}:\n` +
          found.map((discrepancy) => JSON.stringify(discrepancy)).join('\n'),
      );
    }
  };
}
