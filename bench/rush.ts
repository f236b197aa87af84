// A booking rush as issue 17 sets it: 50 buyers in flight, 1,000 attempts over 5 shows, on
// PGlite and PostgreSQL, beside pgbench's TPC-B figure on the same PostgreSQL in the same run.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { adminQuery, hasPgbench, pgClientArgs, root, tpsOf, type Running } from './lib.ts';

export const BUYERS = Number(process.env.RUSH_BUYERS ?? 50);
export const ATTEMPTS = Number(process.env.RUSH_ATTEMPTS ?? 1000);
export const SHOWS = Number(process.env.RUSH_SHOWS ?? 5);
const ACCOUNTS = 100;
/** Keep-alive connections the buyers share; by default one each, as if each were a browser. */
const CONNECTIONS = Number(process.env.RUSH_CONNECTIONS ?? BUYERS);
/**
 * 'open' (default): when the sale opens each buyer already has the booking page open, as at a real
 * on-sale: the page read the seat map over the buyer's connection, which the hold then reuses.
 * 'cold': every buyer connects at the moment of the first attempt (all 50 in the same
 * millisecond), the first burst docs/benchmarks.md (session 9) explains.
 */
export const ARRIVAL = process.env.RUSH_ARRIVAL === 'cold' ? 'cold' : 'open';

/** A GET over node:http, its body read and dropped. */
function get(agent: http.Agent, url: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A POST over node:http (lighter than fetch when a thousand requests are in flight). */
function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface RushResult {
  database: string;
  scenario: string;
  /** How the buyers arrived: with the booking page open, or connecting at the first attempt. */
  arrival: 'open' | 'cold';
  /** 503s a full queue answered (counted apart from errors: the app said so and nothing was done). */
  busy: number;
  attempts: number;
  attemptsPerSecond: number;
  p99: number;
  /**
   * p99 of every attempt but each buyer's first: when buyers connect at their first attempt
   * (RUSH_ARRIVAL=cold), that first burst is where the p99 comes from; see docs/benchmarks.md.
   */
  p99AfterFirst: number;
  held: number;
  refused: number;
  errors: number;
  /** What the errors were: HTTP status (or the network error) → count and one message. */
  errorKinds: Record<string, { count: number; example: string }>;
  soldTwice: number;
  seatsHeld: number;
}

async function signUpMany(baseURL: string) {
  const tokens: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Buyer ${i}`,
        email: `rush-${Date.now()}-${i}@example.com`,
        password: 'rush-password-1',
      }),
    });
    tokens.push(((await response.json()) as { token: string }).token);
  }
  return tokens;
}

export function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** 1–4 random seats of a grid of rows of 12 (A1…), repeats dropped: one buyer's attempt. */
export function randomSeats(totalSeats: number): string[] {
  const all = Array.from(
    { length: totalSeats },
    (_, i) => `${String.fromCharCode(65 + Math.floor(i / 12))}${(i % 12) + 1}`,
  );
  return [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => pick(all)))];
}

/**
 * `ATTEMPTS` booking attempts with `BUYERS` in flight at once, each for 1–4 random seats of one of
 * the first `SHOWS` active shows; buyer i talks to app i mod n when several processes serve.
 */
export async function rush(
  apps: Running[],
  database: string,
  scenario: string,
  /** Where the holds (and the seat-map reads before them) go: by default the apps themselves. */
  holdAt: Running[] = apps,
): Promise<RushResult> {
  const app = apps[0]!;
  // Shows an hour or more ahead: one starting during the rush would refuse its holds (400).
  const later = Date.now() + 60 * 60_000;
  const shows = (
    (await (await fetch(`${app.baseURL}/api/shows`)).json()) as {
      shows: { _id: string; status: string; totalSeats: number; startsAt: string }[];
    }
  ).shows.filter((show) => show.status === 'active' && Date.parse(show.startsAt) > later);
  const targets = shows.slice(0, SHOWS);
  const tokens = await signUpMany(app.baseURL);
  const latencies: number[] = [];
  const latenciesAfterFirst: number[] = [];
  const won = new Map<string, number>();
  let held = 0;
  let refused = 0;
  let errors = 0;
  let busy = 0;
  const errorKinds: RushResult['errorKinds'] = {};
  const noteError = (kind: string, example: string) => {
    errors++;
    const entry = (errorKinds[kind] ??= { count: 0, example });
    entry.count++;
  };
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

  async function buyer(_: unknown, index: number) {
    const baseURL = holdAt[index % holdAt.length]!.baseURL;
    let first = true;
    while (next < ATTEMPTS) {
      next++;
      const show = pick(targets);
      const seats = randomSeats(show.totalSeats);
      const started = performance.now();
      try {
        const response = await post(
          agent,
          `${baseURL}/api/bookings/create`,
          { 'content-type': 'application/json', authorization: `Bearer ${pick(tokens)}` },
          JSON.stringify({ showId: show._id, selectedSeats: seats }),
        );
        const text = response.text;
        if (response.status === 200) {
          held++;
          for (const seat of seats) won.set(`${show._id}/${seat}`, (won.get(`${show._id}/${seat}`) ?? 0) + 1);
        } else if (response.status === 409) refused++;
        else if (response.status === 503) busy++;
        else noteError(String(response.status), text.slice(0, 200));
      } catch (error) {
        noteError('network', String((error as Error).cause ?? error).slice(0, 200));
      }
      const latency = performance.now() - started;
      latencies.push(latency);
      if (!first) latenciesAfterFirst.push(latency);
      first = false;
    }
  }
  if (ARRIVAL === 'open') {
    // Each buyer's page reads a show's seat map, all at once: the agent opens one connection each.
    const statuses = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) =>
        get(agent, `${holdAt[index % holdAt.length]!.baseURL}/api/bookings/seats/${pick(targets)._id}`),
      ),
    );
    if (statuses.some((status) => status !== 200)) throw new Error(`seat map reads answered ${statuses}`);
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const p99 = (values: number[]) => {
    values.sort((a, b) => a - b);
    return Math.round(values[Math.floor(values.length * 0.99)] ?? 0);
  };
  return {
    database,
    scenario,
    arrival: ARRIVAL,
    busy,
    attempts: latencies.length,
    attemptsPerSecond: Math.round(latencies.length / seconds),
    p99: p99(latencies),
    p99AfterFirst: p99(latenciesAfterFirst),
    held,
    refused,
    errors,
    errorKinds,
    // Seats the buyers were told they got more than once (must be 0).
    soldTwice: [...won.values()].filter((n) => n > 1).length,
    seatsHeld: won.size,
  };
}

/** Live claims on one seat more than once, counted in the database itself (must be 0). */
export async function doubleClaims(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(*)::int as n from (select show_id, seat from booking_seats where is_live group by 1, 2 having count(*) > 1) d',
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** How to get pgbench when it is missing. */
export const PGBENCH_HINT =
  "pgbench comes with PostgreSQL's client programs: apt-get install postgresql-client-15 (Debian; " +
  'or postgresql-contrib), brew install postgresql@15 (macOS).';

/**
 * pgbench's TPC-B-like transactions per second on the same server, in a scratch database, as the
 * issue sets it (scale 10, 8 clients, 2 threads); null when pgbench is not installed.
 */
export async function pgbenchTps(seconds = 10, clients = 8, threads = 2): Promise<number | null> {
  if (!hasPgbench()) return null;
  const name = `marquee_pgbench_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  try {
    const connection = pgClientArgs(name).slice(0, -1);
    execFileSync('pgbench', [...connection, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    const output = execFileSync(
      'pgbench',
      [...connection, '-c', String(clients), '-j', String(threads), '-T', String(seconds), name],
      { encoding: 'utf8' },
    );
    return tpsOf(output);
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

/**
 * The embedded rush's baseline: the same holds sent straight to a fresh embedded database, one
 * after another, with no HTTP (bench/engine.ts, in a process of its own like the app's).
 */
export function engineHolds(): { attemptsPerSecond: number; held: number; taken: number; refused: number } {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/engine.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RUSH_ATTEMPTS: String(ATTEMPTS), RUSH_SHOWS: String(SHOWS) },
  });
  return JSON.parse(output.trim().split('\n').at(-1)!);
}
