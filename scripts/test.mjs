#!/usr/bin/env node
// The whole test suite: unit tests, every server test on PGlite and on PostgreSQL, then the
// browser tests against the built app. In CI (CI=true) PostgreSQL and Chromium are mandatory;
// elsewhere a missing one is skipped with a loud notice saying how to enable it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const notices = [];

function loud(lines) {
  const bar = '!'.repeat(78);
  console.log(`\n${bar}\n${lines.map((line) => `!!  ${line}`).join('\n')}\n${bar}\n`);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian’s chromium package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
  return fs.existsSync(chromium);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
// The names of failed tests, repeated at the very end: a long run's log is often read from its tail.
const failures = [];
function vitest(projects, label) {
  const report = path.join(os.tmpdir(), `marquee-vitest-${process.pid}-${label}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const status = run('npx', args);
  if (fs.existsSync(report)) {
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    for (const file of result.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${label} ${where} > ${test.fullName}\n    ${why}`);
      }
      if (file.status === 'failed' && !failedTests.length) {
        failures.push(
          `${label} ${where}\n    ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
    }
    fs.rmSync(report, { force: true });
  } else if (status !== 0) {
    totals.failed += 1;
  }
  return status;
}

const wantServer = !only || only === 'server';
const wantE2e = !only || only === 'e2e';
const projects = [];
if (wantServer) {
  projects.push('unit', 'pglite');
  if (await postgresReachable()) projects.push('postgres');
  else if (ci) {
    console.error(`PostgreSQL is required in CI and is not reachable at ${pgUrl}.`);
    process.exit(1);
  } else {
    notices.push(
      `SKIPPED: the PostgreSQL half of the server tests — nothing answers at ${pgUrl}.`,
      '         Start PostgreSQL (or set TEST_DATABASE_URL) and run npm test again to include it.',
    );
  }
}
let browser = false;
if (wantE2e) {
  browser = ensureChromium();
  if (!browser && ci) {
    console.error(`Chromium is required in CI and is not at ${chromium} (apt-get install chromium).`);
    process.exit(1);
  }
  if (!browser) {
    notices.push(
      `SKIPPED: the browser tests — no Chromium at ${chromium}.`,
      '         Install it (sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.',
    );
  }
}

if (notices.length) loud(notices);
let failed = false;
if (projects.length) failed = vitest(projects, 'server') !== 0 || failed;
if (browser) {
  const built = run('npm', ['run', 'build']) === 0;
  if (!built) {
    console.error('The client build failed, so the browser tests cannot run.');
    totals.failed += 1;
    failed = true;
  } else {
    failed = vitest(['e2e'], 'e2e') !== 0 || failed;
    // The specs that time the app, one at a time (vitest.config.ts).
    failed = vitest(['e2e-alone'], 'e2e-alone') !== 0 || failed;
  }
}
if (notices.length) loud(notices);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
