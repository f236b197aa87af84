import { defineConfig } from 'vitest/config';

const serverTests = ['server/**/*.test.ts'];
const unitTests = ['shared/**/*.test.ts', 'client/**/*.test.ts', 'server/**/*.unit.test.ts'];
/**
 * Browser specs that run one at a time after the others, because they time the app: seats turn
 * red within a second; the hero's 5 s. (Specs that change what every page shows — a menu item, the
 * cinema's GSTIN — start an app of their own, e2e/browser.ts `useOwnApp`, and run with the rest.)
 */
const aloneSpecs = ['e2e/live-seats.spec.ts', 'e2e/hero.spec.ts'];
/** What both browser projects share: the built app the global set-up starts, and a minute a test. */
const browserTests = { testTimeout: 60_000, globalSetup: ['e2e/global-setup.ts'] };

/**
 * Projects: pure unit tests once; every server test twice, once per database (MARQUEE_TEST_DB);
 * browser tests last, against a built app (scripts/test.mjs orders and gates them).
 *
 * The server tests share each worker's modules between files (`isolate: false`): importing the
 * app afresh for every file was 477 of the 1,330 seconds their files took on two workers. Each
 * file still opens its own database and app, and no server test mocks a module or changes the
 * environment; the browser tests keep a process per file (e2e/browser.ts closes its Chromium
 * after the file). Browser spec files run two at a time against one app, each booking shows no
 * other spec books (a spec that changes what every page shows starts an app of its own); those that
 * time the app run afterwards, one at a time (`e2e-alone`, in a run of its own: scripts/test.mjs).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unitTests },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: serverTests,
          isolate: false,
          exclude: unitTests,
          env: { MARQUEE_TEST_DB: 'pglite' },
          globalSetup: ['server/test/templates.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: serverTests,
          isolate: false,
          exclude: unitTests,
          env: { MARQUEE_TEST_DB: 'postgres' },
          globalSetup: ['server/test/templates.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: aloneSpecs,
          // Two spec files at a time: a file waits on its browser and app for about a third of
          // its time, so two together took 13 minutes where one by one took 19.
          fileParallelism: true,
          // A page under two files' load may take longer than the default second to settle.
          expect: { poll: { timeout: 5_000 } },
          ...browserTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: aloneSpecs,
          fileParallelism: false,
          ...browserTests,
        },
      },
    ],
  },
});
