// The hold function alone (issue 35): pgbench calling marquee_hold_seats on 96-seat and 500-seat
// shows, beside pgbench's own TPC-B on the same server in the same run. PostgreSQL's CPU per hold is
// read from /proc (every postgres process, before and after), so it counts what the database did
// and nothing of pgbench's.
//
// Each call is what the online hold sends: the function, told to leave the seat news to its
// caller, then that news (one NOTIFY) after its commit, as SeatMapCache.changed does. Two shapes,
// each on both sizes of screen:
//
// - "hold": every call takes two free seats for an account with no other hold, as in a rush with
//   ten-minute windows, where a hold finds no lapsed hold on its show to release. Seats would run
//   out in a fraction of a second, so each size has enough copies of its show for the run: each
//   client takes the next pair of its own (pgbench's counter k), on the next copy when one is full.
// - "hold + release": each hold takes two seats for one of 200 accounts and lapses at once, so the
//   next hold on the show releases it (the hold releases lapsed holds on its show): one hold plus
//   one release per call however long it runs, with the odd conflict when two clients pick the
//   same seats. What a hold costs over its whole life when it is not paid for.
//
// `npx tsx bench/hold-sql.ts` runs it alone; bench/run.ts prints it with the rest.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gridLayout, seatIds, SEATS_PER_ROW, type Layout } from '@marquee/shared';
import { openDatabase } from '../server/src/db/client.ts';
import { insertMovie, insertShow } from '../server/src/fixtures/factories.ts';
import { adminQuery, hasPgbench, pgAdminUrl, pgClientArgs, statCpuSeconds, tpsOf } from './lib.ts';

export type HoldShape = 'hold' | 'hold + release';

export interface HoldFigure {
  shape: HoldShape;
  seats: number;
  holdsPerSecond: number;
  /** PostgreSQL CPU (user + system, every backend) per hold, in ms. */
  cpuMsPerHold: number;
  /** Share of the calls that held (the rest met a seat another client held at that moment). */
  heldShare: number;
}

/** Accounts of the "hold + release" shape: each holds again and again, its last hold lapsed. */
const ACCOUNTS = 200;
const CLIENTS = 8;
const WARM_UP_SECONDS = Number(process.env.HOLD_WARMUP ?? 5);
/** Most holds a second the "hold" shape has seats and accounts for, warm-up and run together. */
const MOST_HOLDS_PER_SECOND = 4_000;
/**
 * Holds a "hold" call makes in one transaction. More than one (HOLD_BATCH=4) measures what
 * batching holds would save: the commit, the round trips and the NOTIFY shared by the batch.
 */
const HOLD_BATCH = Number(process.env.HOLD_BATCH ?? 1);

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

/**
 * Copy `n` (from 1) of the show of `seats` seats, as a uuid in SQL, so a call names its show as a
 * literal too: 00000000-0000-4000-8096-000000000007 is the 96-seat show's seventh copy.
 */
function copyIdSql(seats: number, n: string): string {
  return `('00000000-0000-4000-8${String(seats).padStart(3, '0')}-' || lpad((${n})::text, 12, '0'))::uuid`;
}

/** CPU seconds used so far by every postgres process on this machine. */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name === 'postgres') total += statCpuSeconds(stat, true);
    } catch {
      // the process ended
    }
  }
  return total;
}

export async function holdFunctionBench(seconds = 10, threads = 2): Promise<HoldFigure[] | null> {
  if (!hasPgbench()) return null;
  const name = `marquee_holdbench_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-holdbench-'));
  const psql = (statement: string) =>
    execFileSync('psql', [...pgClientArgs(name), '-Atq', '-c', statement], { encoding: 'utf8' }).trim();
  try {
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const shows: { id: string; seats: string[]; copies: number }[] = [];
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
        const pairs = Math.floor(seats / 2);
        const copies = Math.ceil((MOST_HOLDS_PER_SECOND * (WARM_UP_SECONDS + seconds)) / pairs);
        shows.push({ id: show.id, seats: seatIds(layout), copies });
      }
    } finally {
      await database.close();
    }
    const freeAccounts = MOST_HOLDS_PER_SECOND * (WARM_UP_SECONDS + seconds);
    psql(
      `insert into users (id, name, email, email_verified, role, created_at, updated_at)
         select 'hb-' || g, 'Buyer ' || g, 'hb-' || g || '@example.com', false, 'user', now(), now()
         from generate_series(1, ${Math.max(ACCOUNTS, freeAccounts)}) g`,
    );
    for (const show of shows) {
      // The copies, three hours apart; the database writes each one's seats (show_seats).
      const copyId = copyIdSql(show.seats.length, 'g').replaceAll("'", "''");
      psql(
        `do $$ declare v_columns text; begin
           select string_agg(quote_ident(column_name), ', ') into v_columns
           from information_schema.columns
           where table_schema = current_schema() and table_name = 'shows' and column_name not in ('id', 'starts_at');
           execute format('insert into shows (id, starts_at, %1$s)
             select ${copyId}, s.starts_at + g * interval ''3 hours'', %1$s
             from shows s, generate_series(1, ${show.copies}) g where s.id = ''${show.id}''', v_columns);
         end $$`,
      );
      // The seats the scripts name by number are the layout's own.
      const named = psql(
        `select string_agg(${seatIdSql('n')}, ',' order by n) from generate_series(0, ${show.seats.length - 1}) n`,
      );
      if (named !== show.seats.join(',')) throw new Error('the bench names seats otherwise than the layout');
    }
    psql('vacuum analyze');

    const call = (showSql: string, account: string, first: string, expiresSql: string) => [
      `\\set b ${first} + 1`,
      `SELECT marquee_hold_seats(gen_random_uuid(), ${showSql}, 'hb-' || ${account}, ` +
        `ARRAY[${seatIdSql(first)}, ${seatIdSql(':b')}], ` +
        `now(), ${expiresSql}, NULL, NULL, NULL, NULL, 100000, 100000, NULL, NULL, NULL, NULL, true);`,
      `SELECT pg_notify('marquee_seats', (${showSql})::text);`,
    ];
    const scripts = new Map<string, string>();
    for (const show of shows) {
      const seats = show.seats.length;
      const pairs = Math.floor(seats / 2);
      const free = path.join(scriptDir, `hold-${seats}.sql`);
      // This client's next pairs: pairs are numbered across the copies, the clients' interleaved;
      // HOLD_BATCH holds of them in one transaction (a trial of batching; one hold by default).
      const one = (i: number) => [
        `\\set p (:k * ${CLIENTS} + :client_id) * ${HOLD_BATCH} + ${i}`,
        `\\set n :p / ${pairs} + 1`,
        `\\set a (:p % ${pairs}) * 2`,
        ...call(copyIdSql(seats, ':n'), ':p + 1', ':a', "now() + interval '1 hour'").slice(0, 2),
      ];
      fs.writeFileSync(
        free,
        [
          '\\set k :k + 1',
          ...(HOLD_BATCH > 1 ? ['BEGIN;'] : []),
          ...Array.from({ length: HOLD_BATCH }, (_, i) => one(i)).flat(),
          ...(HOLD_BATCH > 1 ? ['COMMIT;'] : []),
          `SELECT pg_notify('marquee_seats', (${copyIdSql(seats, ':n')})::text);`,
          '',
        ].join('\n'),
      );
      scripts.set(`hold ${seats}`, free);
      // HOLD_RANGE=12 gives the 500-seat show the 96-seat show's twelve seats a client: the same
      // holds on a larger layout, to tell the layout's size from how often seats meet.
      const range = Number(process.env.HOLD_RANGE ?? 0) || Math.floor(seats / CLIENTS);
      const lapsing = path.join(scriptDir, `release-${seats}.sql`);
      fs.writeFileSync(
        lapsing,
        [
          // Each client its own accounts and its own seats: the figure is the hold's cost, not
          // the waits of two clients after one seat or one account (the HTTP rush has those).
          `\\set u :client_id * ${ACCOUNTS / CLIENTS} + random(1, ${ACCOUNTS / CLIENTS})`,
          `\\set a :client_id * ${range} + random(0, ${range - 2})`,
          ...call(`'${show.id}'::uuid`, ':u', ':a', 'now()'),
          '',
        ].join('\n'),
      );
      scripts.set(`hold + release ${seats}`, lapsing);
    }
    const pgbench = (script: string, runSeconds: number, counterFrom?: number) => {
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
      if (counterFrom !== undefined) run.push('-D', `k=${counterFrom}`);
      return execFileSync('pgbench', [...pgClientArgs(name).slice(0, -1), ...run, name], {
        encoding: 'utf8',
      });
    };
    const processed = (output: string) =>
      Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
    const bookingsOf = (seats: number) =>
      Number(
        psql(
          `select count(*) from bookings b join shows s on s.id = b.show_id where s.total_seats = ${seats}`,
        ),
      );

    // A warm-up of every script first: the first seconds on a new database are much slower
    // (whichever show came first ran at two thirds of the rate of the next in trials), and are not
    // what a hold costs. The measured "hold" run then starts past every pair the warm-up took.
    const counterFrom = new Map<number, number>();
    for (const show of shows) {
      const seats = show.seats.length;
      const warm = pgbench(scripts.get(`hold ${seats}`)!, WARM_UP_SECONDS, 0);
      counterFrom.set(seats, Math.ceil((processed(warm) / CLIENTS) * 1.5) + 1);
      pgbench(scripts.get(`hold + release ${seats}`)!, WARM_UP_SECONDS);
    }
    if (process.env.HOLD_PROFILE) psql('create extension if not exists pg_stat_statements');
    const figures: HoldFigure[] = [];
    for (const shape of ['hold', 'hold + release'] as const) {
      for (const show of shows) {
        const seats = show.seats.length;
        if (process.env.HOLD_PROFILE) psql('select pg_stat_statements_reset()');
        // Every run starts just after a checkpoint, so each pays the same full-page writes.
        psql('checkpoint');
        const heldBefore = bookingsOf(seats);
        const before = postgresCpuSeconds();
        const output = pgbench(
          scripts.get(`${shape} ${seats}`)!,
          seconds,
          shape === 'hold' ? counterFrom.get(seats) : undefined,
        );
        const cpu = postgresCpuSeconds() - before;
        // A call of the "hold" shape makes HOLD_BATCH holds; the figures are per hold.
        const perCall = shape === 'hold' ? HOLD_BATCH : 1;
        const transactions = processed(output) * perCall;
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
               from pg_stat_statements where calls > 0
                 and dbid = (select oid from pg_database where datname = current_database())
               order by total_exec_time desc limit 25`,
            ],
            { encoding: 'utf8' },
          );
          console.error(`\n${shape}, ${seats} seats, ${tpsOf(output)} holds/s\n${top}`);
        }
        const held = bookingsOf(seats) - heldBefore;
        figures.push({
          shape,
          seats,
          holdsPerSecond: tpsOf(output) * perCall,
          cpuMsPerHold: transactions ? Math.round((cpu * 1000 * 1000) / transactions) / 1000 : 0,
          heldShare: transactions ? Math.round((held / transactions) * 100) / 100 : 0,
        });
      }
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
