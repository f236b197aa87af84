// A booking rush: many buyers at once on one show and on many shows, on PGlite and PostgreSQL,
// beside pgbench's TPC-B figure on the same PostgreSQL in the same run.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { adminQuery, pgAdminUrl, type Running } from './lib.ts';

const BUYERS = Number(process.env.RUSH_BUYERS ?? 1000);
const ATTEMPTS = Number(process.env.RUSH_ATTEMPTS ?? 4000);
const ACCOUNTS = 100;

export interface RushResult {
  database: string;
  scenario: string;
  attempts: number;
  attemptsPerSecond: number;
  p99: number;
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

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** `ATTEMPTS` booking attempts with `BUYERS` in flight at once, each for 1–4 random seats. */
export async function rush(
  app: Running,
  database: string,
  scenario: 'one show' | 'many shows',
): Promise<RushResult> {
  const shows = (
    (await (await fetch(`${app.baseURL}/api/shows`)).json()) as {
      shows: { _id: string; status: string; totalSeats: number }[];
    }
  ).shows.filter((show) => show.status === 'active');
  const targets = scenario === 'one show' ? [shows[0]!] : shows;
  const tokens = await signUpMany(app.baseURL);
  const seatsOf = (total: number) =>
    Array.from({ length: total }, (_, i) => `${String.fromCharCode(65 + Math.floor(i / 12))}${(i % 12) + 1}`);
  const latencies: number[] = [];
  const won = new Map<string, number>();
  let held = 0;
  let refused = 0;
  let errors = 0;
  const errorKinds: RushResult['errorKinds'] = {};
  const noteError = (kind: string, example: string) => {
    errors++;
    const entry = (errorKinds[kind] ??= { count: 0, example });
    entry.count++;
  };
  let next = 0;

  async function buyer() {
    while (next < ATTEMPTS) {
      next++;
      const show = pick(targets);
      const all = seatsOf(show.totalSeats);
      const seats = [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => pick(all)))];
      const started = performance.now();
      try {
        const response = await fetch(`${app.baseURL}/api/bookings/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(tokens)}` },
          body: JSON.stringify({ showId: show._id, selectedSeats: seats }),
        });
        const text = await response.text();
        if (response.status === 200) {
          held++;
          for (const seat of seats) won.set(`${show._id}/${seat}`, (won.get(`${show._id}/${seat}`) ?? 0) + 1);
        } else if (response.status === 409) refused++;
        else noteError(String(response.status), text.slice(0, 200));
      } catch (error) {
        noteError('network', String((error as Error).cause ?? error).slice(0, 200));
      }
      latencies.push(performance.now() - started);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    database,
    scenario,
    attempts: latencies.length,
    attemptsPerSecond: Math.round(latencies.length / seconds),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
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

/** pgbench's TPC-B-like transactions per second on the same server, in a scratch database. */
export async function pgbenchTps(seconds = 10): Promise<number> {
  const name = `marquee_pgbench_${process.pid}`;
  await adminQuery(`create database ${name}`);
  try {
    const url = new URL(pgAdminUrl);
    const args = [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
    ];
    execFileSync('pgbench', [...args, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    const output = execFileSync('pgbench', [...args, '-c', '16', '-j', '2', '-T', String(seconds), name], {
      encoding: 'utf8',
    });
    return Math.round(Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0));
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}
