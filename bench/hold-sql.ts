// The hold function alone (issue 35): pgbench calling marquee_hold_seats on a 96-seat and a 500-seat
// show, beside pgbench's own TPC-B on the same server in the same run. PostgreSQL's CPU per hold is
// read from /proc (every postgres process, before and after), so it counts what the database did
// and nothing of pgbench's.
//
// Each hold takes two adjacent seats for one of 200 accounts, and lapses at once: the next hold on
// the show releases it (the hold releases lapsed holds on its show), so the run stays at one hold
// plus one release per call however long it lasts, with the odd conflict when two clients pick
// the same seats. Each call is what the online hold sends: the function, told to leave the seat
// news to its caller, then that news (one NOTIFY) after its commit, as SeatMapCache.changed does.
// `npx tsx bench/hold-sql.ts` runs it alone; bench/run.ts prints it with the rest.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gridLayout, seatIds, SEATS_PER_ROW, type Layout } from '@marquee/shared';
import { openDatabase } from '../server/src/db/client.ts';
import { insertMovie, insertShow } from '../server/src/fixtures/factories.ts';
import { adminQuery, hasPgbench, pgAdminUrl, pgClientArgs, tpsOf } from './lib.ts';

export interface HoldFigure {
  seats: number;
  holdsPerSecond: number;
  /** PostgreSQL CPU (user + system, every backend) per hold, in ms. */
  cpuMsPerHold: number;
  /** Share of the calls that held (the rest met a seat another client held at that moment). */
  heldShare: number;
}

const ACCOUNTS = 200;
const CLIENTS = 8;
const WARM_UP_SECONDS = Number(process.env.HOLD_WARMUP ?? 5);

/** A 500-seat house has classes: the front rows cheapest, the back rows reclining. */
function classedLayout(totalSeats: number): { layout: Layout; prices: Record<string, number> } {
  const layout = gridLayout(totalSeats, 'Classic');
  const rows = layout.rows.length;
  layout.rows.forEach((row, index) => {
    const cls = index >= rows - 2 ? 'Recliner' : index >= rows / 3 ? 'Prime' : 'Classic';
    for (const seat of row.seats) if (seat) seat.class = cls;
  });
  return { layout, prices: { Classic: 15_000, Prime: 25_000, Recliner: 45_000 } };
}

/**
 * A seat's id from its number on a grid layout, in SQL: the row's label (rowLabel: A…Z, then AA…)
 * and the seat's number in its row. Computed in the statement from pgbench's numbers, so the call
 * carries its seats as literals, as the app's does, with no lookup of its own to plan.
 */
function seatIdSql(n: string): string {
  const row = `((${n}) / ${SEATS_PER_ROW})`;
  return (
    `(CASE WHEN ${row} < 26 THEN chr(65 + ${row}) ELSE chr(64 + ${row} / 26) || chr(65 + ${row} % 26) END` +
    ` || ((${n}) % ${SEATS_PER_ROW} + 1))`
  );
}

/** CPU seconds used so far by every postgres process on this machine. */
function postgresCpuSeconds(): number {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, and the same of waited-for children, are fields 14-17 (1-based) of stat.
      total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended
    }
  }
  return total / ticks;
}

export async function holdFunctionBench(seconds = 10, threads = 2): Promise<HoldFigure[] | null> {
  if (!hasPgbench()) return null;
  const name = `marquee_holdbench_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-holdbench-'));
  try {
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const shows: { id: string; seats: string[] }[] = [];
    try {
      const { db } = database;
      const movie = await insertMovie(db, { title: 'Hold bench' });
      let offset = 1;
      for (const seats of [96, 500]) {
        const { layout, prices } = classedLayout(seats);
        const show = await insertShow(db, {
          movieId: movie.id,
          startsAt: new Date(Date.now() + offset++ * 24 * 3600_000),
          layout,
          prices,
        });
        shows.push({ id: show.id, seats: seatIds(layout) });
      }
    } finally {
      await database.close();
    }
    // The accounts; and the seats the script names by number are the layouts' own.
    const setup = [
      `insert into users (id, name, email, email_verified, role, created_at, updated_at)
         select 'hb-' || g, 'Buyer ' || g, 'hb-' || g || '@example.com', false, 'user', now(), now()
         from generate_series(1, ${ACCOUNTS}) g`,
      'vacuum analyze',
    ];
    for (const statement of setup) execFileSync('psql', [...pgClientArgs(name), '-q', '-c', statement]);
    for (const show of shows) {
      const named = execFileSync(
        'psql',
        [
          ...pgClientArgs(name),
          '-Atc',
          `select string_agg(${seatIdSql('n')}, ',' order by n) from generate_series(0, ${show.seats.length - 1}) n`,
        ],
        { encoding: 'utf8' },
      ).trim();
      if (named !== show.seats.join(',')) throw new Error(`the bench names seats otherwise than the layout`);
    }
    const scripts = shows.map((show) => {
      // HOLD_RANGE=12 gives the 500-seat show the 96-seat show's twelve seats a client: the same
      // holds on a larger layout, to tell the layout's size from how often seats meet.
      const range = Number(process.env.HOLD_RANGE ?? 0) || Math.floor(show.seats.length / CLIENTS);
      const script = path.join(scriptDir, `hold-${show.seats.length}.sql`);
      fs.writeFileSync(
        script,
        [
          // Each client its own accounts and its own seats: the figure is the hold's cost, not
          // the waits of two clients after one seat or one account (the HTTP rush has those).
          `\\set u :client_id * ${ACCOUNTS / CLIENTS} + random(1, ${ACCOUNTS / CLIENTS})`,
          `\\set a :client_id * ${range} + random(0, ${range - 2})`,
          `\\set b :a + 1`,
          `SELECT marquee_hold_seats(gen_random_uuid(), '${show.id}', 'hb-' || :u, ` +
            `ARRAY[${seatIdSql(':a')}, ${seatIdSql(':b')}], ` +
            `now(), now(), NULL, NULL, NULL, NULL, 100000, 100000, NULL, NULL, NULL, NULL, true);`,
          `SELECT pg_notify('marquee_seats', '${show.id}');`,
          '',
        ].join('\n'),
      );
      return script;
    });
    const pgbench = (script: string, runSeconds: number) => {
      const run = [
        '-n',
        '-f',
        script,
        '-c',
        String(CLIENTS),
        '-j',
        String(threads),
        '-T',
        String(runSeconds),
      ];
      return execFileSync('pgbench', [...pgClientArgs(name).slice(0, -1), ...run, name], {
        encoding: 'utf8',
      });
    };
    const heldSoFar = (showId: string) =>
      Number(
        execFileSync(
          'psql',
          [...pgClientArgs(name), '-Atc', `select count(*) from bookings where show_id = '${showId}'`],
          { encoding: 'utf8' },
        ).trim(),
      );
    // A warm-up on every show first: the first seconds on a new database are much slower (whichever
    // show comes first ran at two thirds of the rate of the next in trials), and are not what a hold costs.
    for (const script of scripts) pgbench(script, WARM_UP_SECONDS);
    const figures: HoldFigure[] = [];
    for (const [index, show] of shows.entries()) {
      const script = scripts[index]!;
      if (process.env.HOLD_PROFILE) {
        execFileSync('psql', [
          ...pgClientArgs(name),
          '-q',
          '-c',
          'create extension if not exists pg_stat_statements',
        ]);
        execFileSync('psql', [...pgClientArgs(name), '-q', '-c', 'select pg_stat_statements_reset()']);
      }
      const heldBefore = heldSoFar(show.id);
      const before = postgresCpuSeconds();
      const output = pgbench(script, seconds);
      const cpu = postgresCpuSeconds() - before;
      const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
      if (process.env.HOLD_PROFILE) {
        // Needs shared_preload_libraries = 'pg_stat_statements' and pg_stat_statements.track = all.
        const top = execFileSync(
          'psql',
          [
            ...pgClientArgs(name),
            '-c',
            `select calls, round(total_exec_time::numeric, 0) as total_ms,
               round((total_exec_time / calls * 1000)::numeric, 1) as mean_us,
               left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
             from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
             order by total_exec_time desc limit 25`,
          ],
          { encoding: 'utf8' },
        );
        console.error(`\n${show.seats.length} seats, ${tpsOf(output)} holds/s\n${top}`);
      }
      const held = heldSoFar(show.id) - heldBefore;
      figures.push({
        seats: show.seats.length,
        holdsPerSecond: tpsOf(output),
        cpuMsPerHold: transactions ? Math.round((cpu * 1000 * 1000) / transactions) / 1000 : 0,
        heldShare: transactions ? Math.round((held / transactions) * 100) / 100 : 0,
      });
    }
    return figures;
  } finally {
    fs.rmSync(scriptDir, { recursive: true, force: true });
    if (!process.env.HOLD_KEEP) await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await holdFunctionBench(Number(process.env.HOLD_SECONDS ?? 10));
  console.log(JSON.stringify(figures));
}
