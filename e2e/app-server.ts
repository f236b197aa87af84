import type { Discrepancy } from '@marquee/shared';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverBundle } from '../scripts/bundle-server.mjs';
import { adminAccount } from './admin-account.ts';

const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StartAppOptions {
  /** Defaults to a free port; pass one when something must know the address beforehand. */
  port?: number;
  /** Added to (and overriding) the test environment below. */
  env?: Record<string, string>;
}

export interface RunningApp {
  baseURL: string;
  close(): Promise<void>;
}

/**
 * An embedded database cluster just initialised (initdb, nothing else) that the global set-up
 * makes once: each app's DATA_DIR starts as a copy of it, which spares each app three seconds of
 * initdb. The app still migrates and seeds it as on a first start.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'MARQUEE_E2E_PGLITE_TEMPLATE';

/**
 * Starts the real app (built client, bundled server, embedded database in a fresh directory)
 * and waits until it answers.
 */
export async function startApp({ port, env = {} }: StartAppOptions = {}): Promise<RunningApp> {
  for (const [built, how] of [
    ['client/dist/index.html', '`npm run build` (npm test does it)'],
    [serverBundle, 'the browser tests’ global set-up (e2e/global-setup.ts)'],
  ] as const) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: ${how} builds it.`);
  }
  port ??= await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-'));
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (template && !env.DATABASE_URL) fs.cpSync(template, dataDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_RATE_LIMIT: '0',
      // The specs' shared accounts book many shows; the holding limits have their own tests.
      UNPAID_BOOKINGS_LIMIT: '100',
      UNPAID_BOOKINGS_PER_SHOW: '100',
      // The specs book seats anywhere on the spec's map; a spec of the single-seat rule starts
      // its app with SEAT_GAP_RULE=on.
      SEAT_GAP_RULE: 'off',
      // E2E_LOG_LEVEL=debug shows every request and worker pass of the app, to diagnose a spec.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const close = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`The app exited with ${server.exitCode} before it was ready`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error('The app did not become ready within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseURL, close };
}

/**
 * The app's own reconciliation (GET /api/admin/reconciliation), asked as the staff account of
 * admin-account.ts, which the app must have been started with. A refund still within its grace
 * period (REFUND_OVERDUE_MS) is in flight, not a discrepancy, so a refund the last test caused
 * cannot make this fail.
 */
export async function reconcile(app: RunningApp): Promise<Discrepancy[]> {
  const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseURL },
    body: JSON.stringify({ email: adminAccount.email, password: adminAccount.password }),
  });
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`Reconciliation: the admin could not sign in (${signIn.status})`);
  const report = await fetch(`${app.baseURL}/api/admin/reconciliation`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!report.ok) throw new Error(`Reconciliation: ${report.status} ${await report.text()}`);
  return ((await report.json()) as { discrepancies: Discrepancy[] }).discrepancies;
}

/** The PostgreSQL server the server tests use (trust auth on this machine and in CI). */
const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty PostgreSQL database for an app started with `DATABASE_URL` (the app migrates and
 * seeds it on start); `drop` removes it once the app has stopped.
 */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `marquee_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
