// `npm run seed:history`: a year of shows and sales (≈ 1 million tickets) for the reports to read
// (CONTRACT §14), made set-based in SQL (INSERT … SELECT generate_series), in minutes on either
// database; then times the daily report and a month's films report beside a plain count(*).
// `npm run seed:history -- --bench` only times. Same configuration as the server.
import fs from 'node:fs';
import { addDays, gridLayout, zonedDate } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { dailyReport, filmsReport } from '../features/reports/index.ts';
import { readSettings } from '../features/settings/index.ts';

const HISTORY_SCREEN = '00000000-0000-4000-8000-00000000a15c';
const DAYS = 365;
const SHOWS_PER_DAY = 10;
const SEATS = 300;
/** 70 bookings of 4 seats a show: 280 of 300 seats, ≈ 1.02 million tickets a year. */
const BOOKINGS_PER_SHOW = 70;

async function seed(db: Db, timeZone: string) {
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
  const first = addDays(today, -DAYS);
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
    sql`insert into movies (id, slug, title, year, distributor_share_percent)
        select gen_random_uuid(), 'history-film-' || n, 'History Film ' || n, '2025', 40 + n
        from generate_series(1, 12) n on conflict do nothing`,
  );
  // Shows every 100 minutes from 09:00 on the history screen, films in turn; screen_free_at null
  // (as the factories do), so the overlap constraint is not asked.
  await step(
    `shows (${DAYS} days × ${SHOWS_PER_DAY})`,
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

async function time<T>(label: string, work: () => Promise<T>): Promise<T> {
  await work(); // warm
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

async function bench(db: Db, timeZone: string) {
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
  await time('count(*) over the booking seats', () => db.execute(sql`select count(*) from booking_seats`));
  const daily = await time(`daily report ${day} (budget 300 ms)`, () =>
    dailyReport({ db, date: day, timeZone, fallbackSlabs }),
  );
  console.log(
    `  ${daily.shows.length} shows, ${daily.totals.tickets.tickets} tickets, gross ₹${daily.totals.gross}`,
  );
  const films = await time(`films report ${from} to ${to} (budget 1000 ms)`, () =>
    filmsReport({ db, from, to, timeZone, fallbackSlabs }),
  );
  console.log(
    `  ${films.films.length} films, ${films.totals.admissions} admissions, gross ₹${films.totals.gross}`,
  );
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadEnv();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const started = performance.now();
    if (!process.argv.includes('--bench')) await seed(database.db, config.CINEMA_TIMEZONE);
    console.log(`seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    await bench(database.db, config.CINEMA_TIMEZONE);
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
