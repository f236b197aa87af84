// `npm run seed:history`: a year of shows and sales (≈ 1 million tickets) for the reports to read
// (CONTRACT §14), made set-based in SQL (INSERT … SELECT generate_series), in minutes on either
// database; then times the daily report and a month's films report beside a plain count(*).
// `npm run seed:history -- --bench` only times. Same configuration as the server.
// `--days N` (at least 60) seeds the last N days instead of a year; `--repeat N` times each query N
// times after a warm run and gives the median; `--json` ends with one line of JSON (bench/reports.ts
// runs it so, and `npm run bench` uses those figures).
import fs from 'node:fs';
import { addDays, gridLayout, zonedDate } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { dailyReport, filmsReport } from '../features/reports/index.ts';
import { readSettings } from '../features/settings/index.ts';

const HISTORY_SCREEN = '00000000-0000-4000-8000-00000000a15c';
/** A year by default; the daily report reads the day 30 days ago and the films report the 30 days before. */
const DEFAULT_DAYS = 365;
const MIN_DAYS = 60;
const SHOWS_PER_DAY = 10;
const SEATS = 300;
/** 70 bookings of 4 seats a show: 280 of 300 seats, ≈ 1.02 million tickets a year. */
const BOOKINGS_PER_SHOW = 70;

async function seed(db: Db, timeZone: string, days: number) {
  const [exists] = (
    (await db.execute(sql`select 1 from screens where id = ${HISTORY_SCREEN}`)) as unknown as {
      rows: unknown[];
    }
  ).rows;
  if (exists) {
    console.log('History already seeded (screen "History Hall" exists): timing only.');
    return;
  }
  const layout = JSON.stringify(gridLayout(SEATS));
  const today = zonedDate(new Date(), timeZone);
  const first = addDays(today, -days);
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    console.log(`${label}: ${Math.round(performance.now() - started)} ms`);
  };
  await step(
    'screen',
    sql`insert into screens (id, name, layout) values (${HISTORY_SCREEN}, 'History Hall', ${layout}::jsonb)`,
  );
  await step(
    'buyer',
    sql`insert into users (id, name, email, email_verified, role)
        values ('history-buyer', 'History Buyer', 'history@example.com', false, 'user') on conflict do nothing`,
  );
  await step(
    'films',
    sql`insert into movies (id, slug, title, year, distributor_share_percent, languages)
        select gen_random_uuid(), 'history-film-' || n, 'History Film ' || n, '2025', 40 + n, '{}'
        from generate_series(1, 12) n on conflict do nothing`,
  );
  // Shows every 100 minutes from 09:00 on the history screen, films in turn; screen_free_at null
  // (as the factories do), so the overlap constraint is not asked.
  await step(
    `shows (${days} days × ${SHOWS_PER_DAY})`,
    sql`insert into shows (id, movie_id, starts_at, price_paise, total_seats, screen_id, screen_name, layout, prices, status)
        select gen_random_uuid(), f.id,
          ((d::date + make_interval(mins => 540 + k * 100))::timestamp at time zone ${timeZone}),
          20000, ${SEATS}, ${HISTORY_SCREEN}, 'History Hall', ${layout}::jsonb, '{"Standard": 20000}'::jsonb, 'active'
        from generate_series(${first}::date, ${addDays(today, -1)}::date, interval '1 day') d
        cross join generate_series(0, ${SHOWS_PER_DAY - 1}) k
        join (select id, row_number() over (order by title) - 1 as n from movies where slug like 'history-film-%') f
          on f.n = (extract(doy from d)::int + k) % 12`,
  );
  // Bookings of 4 seats: one in 10 at the counter, one in 50 a comp, one in 25 cancelled; the rest
  // paid online. tax_rates is given (what the trigger would copy), so the year reads as held.
  await step(
    `bookings (${BOOKINGS_PER_SHOW} a show)`,
    sql`insert into bookings (id, user_id, show_id, seats, amount_paise, status, expires_at, paid_at, cancelled_at,
          channel, complimentary, tax_rates, created_at, updated_at)
        select gen_random_uuid(), 'history-buyer', s.id,
          array[chr(65 + (4 * j) / 12) || ((4 * j) % 12 + 1), chr(65 + (4 * j + 1) / 12) || ((4 * j + 1) % 12 + 1),
                chr(65 + (4 * j + 2) / 12) || ((4 * j + 2) % 12 + 1), chr(65 + (4 * j + 3) / 12) || ((4 * j + 3) % 12 + 1)],
          case when j % 50 = 1 then 0 else 80000 end,
          case when j % 25 = 3 then 'cancelled' else 'paid' end,
          s.starts_at - interval '1 day', s.starts_at - make_interval(mins => 60 + j * 7),
          case when j % 25 = 3 then s.starts_at - interval '30 minutes' end,
          case when j % 10 = 0 or j % 50 = 1 then 'counter' else 'online' end,
          j % 50 = 1,
          '{"ticketSlabs": [{"upTo": 100, "rate": 5}, {"upTo": null, "rate": 18}], "foodRate": 5}'::jsonb,
          s.starts_at - make_interval(mins => 60 + j * 7), s.starts_at - make_interval(mins => 60 + j * 7)
        from shows s cross join generate_series(0, ${BOOKINGS_PER_SHOW - 1}) j
        where s.screen_id = ${HISTORY_SCREEN}`,
  );
  await step(
    'seat claims',
    sql`insert into booking_seats (booking_id, show_id, seat, is_live)
        select b.id, b.show_id, u.seat, b.status = 'paid'
        from bookings b join shows s on s.id = b.show_id cross join unnest(b.seats) as u(seat)
        where s.screen_id = ${HISTORY_SCREEN}`,
  );
  for (const table of ['shows', 'bookings', 'booking_seats', 'movies']) {
    await step(`analyze ${table}`, sql.raw(`analyze ${table}`));
  }
}

/** The median of `repeat` timed runs after one warm run, in ms (one decimal). */
async function time<T>(
  label: string,
  repeat: number,
  work: () => Promise<T>,
): Promise<{ ms: number; result: T }> {
  let result = await work(); // warm
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    result = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = Math.round(times[Math.floor((times.length - 1) / 2)]! * 10) / 10;
  console.log(
    `${label}: ${ms} ms${repeat > 1 ? ` (median of ${repeat}, ${times.map((t) => Math.round(t)).join(', ')})` : ''}`,
  );
  return { ms, result };
}

/** What the timing found; the report dates are the ones `npm run bench` asks the API for too. */
export interface HistoryBench {
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

async function bench(db: Db, timeZone: string, repeat: number): Promise<HistoryBench> {
  const settings = await readSettings(db);
  const today = zonedDate(new Date(), timeZone);
  const day = addDays(today, -30);
  const from = addDays(today, -60);
  const to = addDays(from, 29);
  const fallbackSlabs = settings.tax.ticketSlabs;
  const [counts] = (
    (await db.execute(sql`select count(*)::int as bookings, coalesce(sum(cardinality(seats)), 0)::int as tickets
      from bookings where status = 'paid'`)) as unknown as { rows: { bookings: number; tickets: number }[] }
  ).rows;
  console.log(`paid bookings: ${counts!.bookings}, tickets: ${counts!.tickets}`);
  const count = await time('count(*) over the booking seats', repeat, async () => {
    const { rows } = (await db.execute(sql`select count(*)::int as n from booking_seats`)) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]!.n;
  });
  console.log(`  ${count.result} rows`);
  const daily = await time(`daily report ${day} (budget 300 ms)`, repeat, () =>
    dailyReport({ db, date: day, timeZone, fallbackSlabs }),
  );
  console.log(
    `  ${daily.result.shows.length} shows, ${daily.result.totals.tickets.tickets} tickets, gross ₹${daily.result.totals.gross}`,
  );
  const films = await time(`films report ${from} to ${to} (budget 1000 ms)`, repeat, () =>
    filmsReport({ db, from, to, timeZone, fallbackSlabs }),
  );
  console.log(
    `  ${films.result.films.length} films, ${films.result.totals.admissions} admissions, gross ₹${films.result.totals.gross}`,
  );
  return {
    paidBookings: counts!.bookings,
    tickets: counts!.tickets,
    seatRows: count.result,
    countMs: count.ms,
    day,
    dailyMs: daily.ms,
    from,
    to,
    filmsMs: films.ms,
  };
}

/** `--name N` as a whole number, or `fallback`. */
function numberFlag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number`);
  return value;
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadEnv();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const days = numberFlag('--days', DEFAULT_DAYS);
    if (days < MIN_DAYS)
      throw new Error(`--days is at least ${MIN_DAYS} (the films report reads days 60 to 31 ago)`);
    const repeat = numberFlag('--repeat', 1);
    const started = performance.now();
    if (!process.argv.includes('--bench')) await seed(database.db, config.CINEMA_TIMEZONE, days);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(`seeded in ${seedSeconds} s`);
    const figures = await bench(database.db, config.CINEMA_TIMEZONE, repeat);
    if (process.argv.includes('--json')) console.log(JSON.stringify({ days, seedSeconds, ...figures }));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(2);
  },
);
