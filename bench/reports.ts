// CONTRACT §14 / issue 33: the daily report and a month's films report on a history of sales,
// beside a plain count(*) over the same booking seats, on each database. The history is written by
// `npm run seed:history` itself (server/src/cli/seed-history.ts, with --days and --json) in a fresh
// database, which also times the count, and both reports as functions, in its process; then the
// app is started on that database and the reports are asked for through the API as an admin.
//
// A year takes minutes to write on PGlite (≈ 7 min on the loaded machine, decision 0025), so by
// default the bench writes the last HISTORY_DAYS_DEFAULT days only: the same day and the same month
// are read, from a smaller table. `npm run bench -- --full-year` (or BENCH_HISTORY_DAYS=365) writes
// the year the contract names.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { adminQuery, median, pgAdminUrl, root, startApp } from './lib.ts';

export const HISTORY_DAYS_DEFAULT = 60;
export const HISTORY_DAYS = process.argv.includes('--full-year')
  ? 365
  : Number(process.env.BENCH_HISTORY_DAYS ?? HISTORY_DAYS_DEFAULT);
/** Each report through the API: this many timed requests after one warm one (the median). */
export const REPORT_REPEAT = Number(process.env.BENCH_REPORT_REPEAT ?? 5);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Password-7391!' };

/** What seed-history --json prints (its HistoryBench, with the days and the seed time). */
interface Seeded {
  days: number;
  seedSeconds: number;
  paidBookings: number;
  tickets: number;
  seatRows: number;
  countMs: number;
  day: string;
  dailyMs: number;
  from: string;
  to: string;
  filmsMs: number;
}

export interface ReportsResult extends Seeded {
  database: string;
  /** Medians of REPORT_REPEAT requests through the API, ms. */
  dailyApiMs: number;
  filmsApiMs: number;
}

async function timeGet(url: string, token: string): Promise<number> {
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status} ${text.slice(0, 200)}`);
  };
  await get(); // warm
  const times: number[] = [];
  for (let i = 0; i < REPORT_REPEAT; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function reportsBench(kind: 'pglite' | 'postgres'): Promise<ReportsResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-history-'));
  let databaseUrl = '';
  const name = `marquee_history_${process.pid}`;
  if (kind === 'postgres') {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`create database ${name}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  try {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/src/cli/seed-history.ts',
        '--days',
        String(HISTORY_DAYS),
        '--repeat',
        String(REPORT_REPEAT),
        '--json',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const seeded = JSON.parse(output.trim().split('\n').at(-1)!) as Seeded;
    const app = await startApp(
      kind,
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir },
      databaseUrl || undefined,
    );
    try {
      const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.baseURL },
        body: JSON.stringify(ADMIN),
      });
      const token = signIn.headers.get('set-auth-token');
      if (!token) throw new Error(`admin sign-in answered ${signIn.status} ${await signIn.text()}`);
      const dailyApiMs = await timeGet(`${app.baseURL}/api/admin/reports/daily?date=${seeded.day}`, token);
      const filmsApiMs = await timeGet(
        `${app.baseURL}/api/admin/reports/films?from=${seeded.from}&to=${seeded.to}`,
        token,
      );
      return { database: kind, ...seeded, dailyApiMs, filmsApiMs };
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await adminQuery(`drop database if exists ${name} with (force)`);
  }
}
