import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
export const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether pgbench is installed (the PostgreSQL figures are measured beside it). */
export function hasPgbench(): boolean {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** psql's and pgbench's options for the server of TEST_DATABASE_URL, and the database last. */
export function pgClientArgs(database: string): string[] {
  const url = new URL(pgAdminUrl);
  return [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    database,
  ];
}

/** The kernel's clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU seconds in a /proc/<pid>/stat line: user and system time of all the process's threads
 * (fields 14-15, 1-based), and with `children` those of the children it waited for (16-17).
 */
export function statCpuSeconds(stat: string, children = false): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  return (children ? own + Number(fields[13]) + Number(fields[14]) : own) / CLOCK_TICKS;
}

/** The path of the fullest seat map the app serves: a sold-out show's, the largest answer. */
export async function fullestSeatMapPath(baseURL: string): Promise<string> {
  const { shows } = (await (await fetch(`${baseURL}/api/shows`)).json()) as {
    shows: { _id: string; status: string }[];
  };
  const show = shows.find((s) => s.status === 'sold-out') ?? shows[0]!;
  return `/api/bookings/seats/${show._id}`;
}

/** pgbench's transactions per second, from its output. */
export function tpsOf(output: string): number {
  return Math.round(Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0));
}

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

async function waitFor(url: string, child: ChildProcess, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Running {
  baseURL: string;
  /** The server's process id (to read its memory). */
  pid?: number;
  /** The PostgreSQL database the app runs on, if any. */
  databaseUrl?: string;
  /** The app's log (JSON lines), while it runs. */
  logFile?: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess, cleanup: () => Promise<void> | void = () => {}) {
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await cleanup();
  };
}

/** The real app in its own process, on PGlite in a fresh directory or on a fresh PostgreSQL database. */
export async function startApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  /** Another process on this PostgreSQL database (it is then left for the first to drop). */
  sharedDatabaseUrl?: string,
  /** The app's sources: this checkout, or another one to compare with it (bench/ab.ts). */
  checkout = root,
): Promise<Running> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-'));
  let databaseUrl = sharedDatabaseUrl ?? '';
  let dropDatabase = async () => {};
  if (kind === 'postgres' && !sharedDatabaseUrl) {
    const name = `marquee_bench_${process.pid}_${port}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    };
  }
  // BENCH_CPU_PROF=<dir>: each app process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // The app logs as `npm start` does (LOG_LEVEL's default, info: a line per request), into a file
  // as a service's log would be, not onto the bench's terminal (issue 35: measure what users run).
  const logFile = path.join(dataDir, 'app.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/server.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseURL}/api/health`, child);
  } catch (error) {
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
    throw error;
  }
  return {
    baseURL,
    pid: child.pid,
    databaseUrl: databaseUrl || undefined,
    logFile,
    stop: stopper(child, async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    }),
  };
}

/** The bare node:http baseline answering `routes` (url → body) in its own process. */
/** A response to replay byte for byte: the body and the headers the app sent with it. */
export interface BareRoute {
  body: string;
  headers: Record<string, string>;
}

export function startBare(routes: Record<string, BareRoute>): Promise<Running> {
  return startScript('bench/bare-server.mjs', 'BARE_ROUTES', routes, Object.keys(routes)[0]!);
}

/**
 * The rush's floor (bench/floor-server.ts): holds through the app's own holdSeats behind a bare
 * node:http server, on the database of `app` (PostgreSQL).
 */
export function startFloor(app: Running): Promise<Running> {
  return startScript('bench/floor-server.ts', 'FLOOR_CONFIG', {}, '/', { DATABASE_URL: app.databaseUrl! });
}

/** Fastify and the app's request log alone, replaying `routes` (bench/fastify-server.ts). */
export function startFastifyFloor(routes: Record<string, BareRoute>, logFile: string): Promise<Running> {
  return startScript('bench/fastify-server.ts', 'BARE_ROUTES', routes, Object.keys(routes)[0]!, {
    FLOOR_LOG: logFile,
  });
}

/** The seat-stream baseline (bench/bare-streams.mjs), sending the app's own first and changed frames. */
export function startBareStreams(frames: { first: string; changed: string }): Promise<Running> {
  return startScript('bench/bare-streams.mjs', 'BARE_FRAMES', frames, '/ready');
}

/** A baseline server script in its own process, given `config` in a file named by `configVar`. */
async function startScript(
  script: string,
  configVar: string,
  config: unknown,
  readyPath: string,
  env: Record<string, string> = {},
) {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `marquee-bare-${process.pid}-${port}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  const typescript = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...typescript, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), [configVar]: file },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}${readyPath}`, child);
  return { baseURL, pid: child.pid, stop: stopper(child, () => fs.rmSync(file, { force: true })) };
}

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresReachable() {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}

export interface Load {
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(url: string, { seconds = 6, connections = 50 } = {}): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The middle value (the lower of the two middles for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
}

/** An API call as a browser on the app's origin makes it: JSON in, the text and the session token out. */
export async function callApi(
  baseURL: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: baseURL,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, token: response.headers.get('set-auth-token') };
}
