// `npm run bench`: the read paths under load, beside a bare node:http server answering the same
// bytes in the same run, on PGlite and on PostgreSQL; the booking rush (issue 17), seat streams,
// the browser figures, counter sales beside online holds (issue 30) and the reports on a history
// of sales beside count(*) (issue 33). Not part of the test suite. `BENCH_ONLY=<part>` runs one part;
// `--full-year` seeds the reports' year instead of the default 60 days (bench/reports.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  fullestSeatMapPath,
  load,
  median,
  postgresReachable,
  startApp,
  startBare,
  startFastifyFloor,
  startFloor,
  type BareRoute,
  type Load,
} from './lib.ts';
import { browserBench, describeBrowser, THROTTLE, type BrowserResult } from './browser.ts';
import { STREAMS, streamsBench, type StreamsResult } from './streams.ts';
import { COUNTER_SALES, counterBench, ms, percentile, type CounterResult } from './counter.ts';
import { holdFunctionBench, type HoldFigure } from './hold-sql.ts';
import { OFFERS, offersBench, type OffersResult } from './offers.ts';
import {
  HISTORY_DAYS,
  HISTORY_DAYS_DEFAULT,
  REPORT_REPEAT,
  reportsBench,
  type ReportsResult,
} from './reports.ts';
import {
  ARRIVAL,
  ATTEMPTS,
  BUYERS,
  doubleClaims,
  engineHolds,
  PGBENCH_HINT,
  pgbenchTps,
  rush,
  SHOWS,
  type RushResult,
} from './rush.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await postgresReachable()) kinds.push('postgres');
else console.log('!! PostgreSQL is not reachable: benchmarking PGlite only (set TEST_DATABASE_URL).');

interface Row {
  database: string;
  route: string;
  app: Load;
  bare: Load;
  /** Fastify with the request log and nothing else, answering the same bytes (bench/fastify-server.ts). */
  fastify: Load;
}
const rows: Row[] = [];

/** One part only: read, rush, hold, streams, browser, counter, offers or reports. */
const only = process.env.BENCH_ONLY;
for (const kind of only && only !== 'read' ? [] : kinds) {
  const app = await startApp(kind);
  try {
    const routes: Record<string, BareRoute> = {};
    for (const url of ['/api/movies', await fullestSeatMapPath(app.baseURL)]) {
      const response = await fetch(`${app.baseURL}${url}`);
      const headers: Record<string, string> = {};
      // Everything the app sends but what Node adds itself (date, connection, keep-alive).
      for (const [name, value] of response.headers)
        if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
          headers[name] = value;
      routes[url] = { body: await response.text(), headers };
    }
    const bare = await startBare(routes);
    const floorLog = path.join(os.tmpdir(), `marquee-bench-fastify-${process.pid}.log`);
    const fastify = await startFastifyFloor(routes, floorLog);
    try {
      for (const url of Object.keys(routes)) {
        const label = url.startsWith('/api/bookings/seats/') ? 'GET /api/bookings/seats/{id}' : `GET ${url}`;
        // Warm each, then measure each alone so none competes with another for the CPU.
        await load(`${app.baseURL}${url}`, { seconds: 1 });
        await load(`${fastify.baseURL}${url}`, { seconds: 1 });
        const appLoad = await load(`${app.baseURL}${url}`, { seconds });
        const bareLoad = await load(`${bare.baseURL}${url}`, { seconds });
        const fastifyLoad = await load(`${fastify.baseURL}${url}`, { seconds });
        rows.push({ database: kind, route: label, app: appLoad, bare: bareLoad, fastify: fastifyLoad });
      }
    } finally {
      await bare.stop();
      await fastify.stop();
      fs.rmSync(floorLog, { force: true });
    }
  } finally {
    await app.stop();
  }
}

if (rows.length) {
  console.log(`\nRead paths, ${seconds} s each, 50 connections (autocannon), same machine, same run\n`);
  console.log(
    '| database | route | app req/s | app p99 ms | bare req/s | bare p99 ms | app / bare | Fastify + request log req/s | Fastify + log / bare |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
}
for (const row of rows) {
  const ratio = row.app.requestsPerSecond / row.bare.requestsPerSecond;
  console.log(
    `| ${row.database} | ${row.route} | ${row.app.requestsPerSecond} | ${row.app.p99} | ${row.bare.requestsPerSecond} | ${row.bare.p99} | ${ratio.toFixed(2)} | ${row.fastify.requestsPerSecond} | ${(row.fastify.requestsPerSecond / row.bare.requestsPerSecond).toFixed(2)} |`,
  );
  if (row.app.non2xx || row.app.errors)
    console.log(`!! ${row.route} on ${row.database}: ${row.app.non2xx} non-2xx, ${row.app.errors} errors`);
}

// ---------------------------------------------------------------------------------------------
// The booking rush (issue 17's load), repeated: every figure with its spread, and on PostgreSQL
// each repeat beside a pgbench run made right after it.
// ---------------------------------------------------------------------------------------------
const repeats = Number(process.env.BENCH_REPEAT ?? 3);
const rushes: RushResult[] = [];
const pgbench: number[] = [];
/** The embedded rush's baseline, after each PGlite round: the same holds straight to the engine. */
const engine: number[] = [];
let databaseDoubles = 0;
let pgbenchMissing = false;

/** The scenario name of a rush sent to the floor server rather than the app. */
const FLOOR_SCENARIO = 'floor: bare node:http + holdSeats';

/**
 * One rush on a fresh app (`processes` of them on one database), or with `floor` its holds sent to
 * the floor server (bench/floor-server.ts) on the app's database instead.
 */
async function rushOn(kind: 'pglite' | 'postgres', processes: number, floor = false): Promise<RushResult> {
  const first = await startApp(kind);
  const apps = [first];
  try {
    for (let i = 1; i < processes; i++) apps.push(await startApp(kind, {}, first.databaseUrl));
    const floors = floor ? [await startFloor(first)] : [];
    const scenario = floor ? FLOOR_SCENARIO : `${processes} process${processes > 1 ? 'es' : ''}`;
    const result = await rush(apps, kind, scenario, floor ? floors : apps).finally(() =>
      Promise.all(floors.map((server) => server.stop())),
    );
    if (first.databaseUrl) databaseDoubles += await doubleClaims(first.databaseUrl);
    return result;
  } finally {
    for (const app of apps.slice(1).reverse()) await app.stop();
    await first.stop();
  }
}

for (let round = 0; round < (only && only !== 'rush' ? 0 : repeats); round++) {
  for (const kind of kinds) {
    rushes.push(await rushOn(kind, 1));
    if (kind === 'pglite') engine.push(engineHolds().attemptsPerSecond);
    if (kind !== 'postgres') continue;
    rushes.push(await rushOn(kind, 2));
    rushes.push(await rushOn(kind, 1, true));
    const tps = await pgbenchTps();
    if (tps === null) pgbenchMissing = true;
    else pgbench.push(tps);
  }
}

if (rushes.length) {
  console.log(
    `\nBooking rush: ${BUYERS} buyers in flight, ${ATTEMPTS} attempts over ${SHOWS} shows, ${repeats} repeats (each on a fresh app and database); ${ARRIVAL === 'open' ? 'buyers have the booking page open when the sale opens (RUSH_ARRIVAL=cold: they connect at their first attempt)' : 'buyers connect at their first attempt, all at once'}\n`,
  );
  console.log(
    "| database | app processes | attempts/s | p99 ms | p99 ms without each buyer's first | held | refused 409 | busy 503 | errors | seats sold twice |",
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rushes) {
    console.log(
      `| ${r.database} | ${r.scenario} | ${r.attemptsPerSecond} | ${r.p99} | ${r.p99AfterFirst} | ${r.held} | ${r.refused} | ${r.busy} | ${r.errors} | ${r.soldTwice} |`,
    );
  }
}
for (const r of rushes.filter((row) => row.errors > 0)) {
  console.log(`errors in ${r.database} / ${r.scenario}: ${JSON.stringify(r.errorKinds)}`);
}
if (rushes.length) console.log(`\nDouble live claims found in PostgreSQL afterwards: ${databaseDoubles}`);
if (pgbenchMissing)
  console.log(`!! pgbench is not installed, so the PostgreSQL ratio is missing. ${PGBENCH_HINT}`);
if (engine.length)
  console.log(
    `Embedded engine alone (the same ${ATTEMPTS} holds one after another, no HTTP), after each round: ${engine.join(', ')} holds/s`,
  );
if (pgbench.length)
  console.log(
    `pgbench TPC-B (scale 10, 8 clients, 2 threads, 10 s), after each round: ${pgbench.join(', ')} tps`,
  );

// ---------------------------------------------------------------------------------------------
// Issue 30: a counter sale beside an online hold, one at a time, alternating, on each database.
// ---------------------------------------------------------------------------------------------
const counters: CounterResult[] = [];
// ---------------------------------------------------------------------------------------------
// The hold function alone (issue 35): pgbench calling marquee_hold_seats on a 96-seat and a
// 500-seat show, each beside a pgbench TPC-B run on the same server right after it.
// ---------------------------------------------------------------------------------------------
if ((!only || only === 'hold') && kinds.includes('postgres')) {
  const rounds: { figures: HoldFigure[]; tps: number }[] = [];
  for (let round = 0; round < repeats; round++) {
    const figures = await holdFunctionBench();
    const tps = await pgbenchTps();
    if (!figures || tps === null) break;
    rounds.push({ figures, tps });
  }
  if (!rounds.length) console.log(`!! pgbench is not installed: no hold-function figure. ${PGBENCH_HINT}`);
  else {
    console.log(
      `\nThe hold function alone: pgbench, 8 clients, 10 s, each client its own seats and accounts, each call the function and its NOTIFY after commit; ${repeats} rounds. "hold": free seats, no lapsed hold to release (a rush). "hold + release": every hold lapses at once and the next releases it.\n`,
    );
    console.log(
      '| shape | seats on the screen | holds/s | PostgreSQL CPU per hold | held | TPC-B tps, same round | ratio | goal |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const { figures, tps } of rounds)
      for (const figure of figures)
        console.log(
          `| ${figure.shape} | ${figure.seats} | ${figure.holdsPerSecond} | ${figure.cpuMsPerHold} ms | ${Math.round(figure.heldShare * 100)} % | ${tps} | ${(figure.holdsPerSecond / tps).toFixed(2)} | ${figure.shape === 'hold' ? '≥ 0.7' : '—'} |`,
        );
  }
}

for (const kind of !only || only === 'counter' ? kinds : []) {
  try {
    counters.push(await counterBench(kind));
  } catch (error) {
    console.log(`!! counter sales on ${kind}: ${String(error)}`);
  }
}
if (counters.length) {
  console.log(
    `\nCounter sales (POST /api/boxoffice/sales, 2 free seats, cash, open shift), online holds (POST /api/bookings/create, 2 free seats) and exchanges of the paid hold to 2 other seats of its show (POST /api/bookings/{id}/exchange, same price), ${COUNTER_SALES} of each, one at a time, in turn, after 5 of each untimed\n`,
  );
  console.log(
    '| database | sale median ms | sale p90 ms | hold median ms | hold p90 ms | exchange median ms | exchange p90 ms | sale / hold | exchange / hold |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of counters) {
    console.log(
      `| ${c.database} | ${ms(median(c.sales))} | ${ms(percentile(c.sales, 0.9))} | ${ms(median(c.holds))} | ${ms(percentile(c.holds, 0.9))} | ${ms(median(c.exchanges))} | ${ms(percentile(c.exchanges, 0.9))} | ${(median(c.sales) / median(c.holds)).toFixed(2)} | ${(median(c.exchanges) / median(c.holds)).toFixed(2)} |`,
    );
    for (const [answer, count] of Object.entries(c.failures))
      console.log(`!! ${c.database}: ${count} × ${answer}`);
  }
}

// Issue 35: a waiting-list offer beside an online hold, each as the app timed it (bench/offers.ts).
const offerRuns: OffersResult[] = [];
for (const kind of !only || only === 'offers' ? kinds : []) {
  try {
    offerRuns.push(await offersBench(kind));
  } catch (error) {
    console.log(`!! waiting-list offers on ${kind}: ${String(error)}`);
  }
}
if (offerRuns.length) {
  console.log(
    `\nWaiting-list offers (the worker claiming a due show and holding its 2 freed seats for the next entry) and online holds (POST /api/bookings/create, 2 seats), ${OFFERS} of each, in turn, as the app timed them in its log\n`,
  );
  console.log('| database | offer median ms | offer p90 ms | hold median ms | hold p90 ms | offer / hold |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const o of offerRuns)
    console.log(
      `| ${o.database} | ${ms(median(o.offers))} | ${ms(percentile(o.offers, 0.9))} | ${ms(median(o.holds))} | ${ms(percentile(o.holds, 0.9))} | ${(median(o.offers) / median(o.holds)).toFixed(2)} |`,
    );
}

// ---------------------------------------------------------------------------------------------
// Issue 33: the reports on a history of sales beside count(*) over the same rows, on each database.
// ---------------------------------------------------------------------------------------------
const reports: ReportsResult[] = [];
for (const kind of !only || only === 'reports' ? kinds : []) {
  try {
    reports.push(await reportsBench(kind));
  } catch (error) {
    console.log(`!! reports on ${kind}: ${String(error)}`);
  }
}
const historyNote =
  HISTORY_DAYS >= 365
    ? `a year of history (${HISTORY_DAYS} days)`
    : `NOT a year: the last ${HISTORY_DAYS} days only (${HISTORY_DAYS === HISTORY_DAYS_DEFAULT ? 'the default, to keep the bench within minutes' : 'BENCH_HISTORY_DAYS'}); \`npm run bench -- --full-year\` for the year CONTRACT §14 names`;
if (reports.length) {
  console.log(
    `\nReports on ${historyNote}, written by npm run seed:history: 10 shows a day, 70 four-seat bookings a show; medians of ${REPORT_REPEAT} after a warm run\n`,
  );
  console.log(
    '| database | days | seed s | paid tickets | booking_seats rows | count(*) ms | daily report: API ms / in process ms | films report, 30 days: API ms / in process ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const r of reports) {
    console.log(
      `| ${r.database} | ${r.days} | ${r.seedSeconds} | ${r.tickets} | ${r.seatRows} | ${ms(r.countMs)} | ${ms(r.dailyApiMs)} / ${ms(r.dailyMs)} | ${ms(r.filmsApiMs)} / ${ms(r.filmsMs)} |`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// One show watched by many, on one process (PGlite: the database is not what is measured).
// ---------------------------------------------------------------------------------------------
let streams: StreamsResult | null = null;
if (!only || only === 'streams') {
  const app = await startApp('pglite');
  try {
    streams = await streamsBench(app);
  } catch (error) {
    console.log(`!! seat streams: ${String(error)}`);
  } finally {
    await app.stop();
  }
}
if (streams) {
  console.log(`\nSeat streams: ${streams.opened} open on one process (opened in ${streams.openSeconds} s)`);
  console.log(
    `one change reached 50 % in ${streams.p50} ms, 95 % in ${streams.p95} ms, all in ${streams.all} ms; ` +
      `${(streams.within1s * 100).toFixed(1)} % within 1 s, ${(streams.within2s * 100).toFixed(1)} % within 2 s; ` +
      `server memory ${streams.kBPerStream} kB per stream`,
  );
  if (streams.baseline)
    console.log(
      `a bare node:http server sending the same frames: 95 % in ${streams.baseline.p95} ms, all in ${streams.baseline.all} ms; ${streams.baseline.kBPerStream} kB per stream`,
    );
}

// ---------------------------------------------------------------------------------------------
// In the browser: the home route's JavaScript and LCP, and INP on a 500-seat map (bench/browser.ts).
// ---------------------------------------------------------------------------------------------
let browser: BrowserResult | null = null;
if (!only || only === 'browser') {
  try {
    browser = await browserBench();
  } catch (error) {
    console.log(`!! browser figures: ${String(error)}`);
  }
}
const page = browser ? describeBrowser(browser) : null;
if (browser && page) {
  console.log(
    `\nBrowser, Chromium at ${THROTTLE}× CPU throttle: home route ${browser.homeJsKB.toFixed(1)} kB JS (gzip, ${browser.homeJsFiles} files); ` +
      `LCP ${browser.lcp.join(', ')} ms (static page with the same poster: ${browser.lcpBaseline.join(', ')} ms); ` +
      `booking page title and dates on screen ${browser.bookingUsable.join(', ')} ms`,
  );
  console.log(
    `500-seat map, ${browser.interactions.length} seat choices: ${browser.interactions.join(', ')} ms ` +
      `(a button that toggles its colour: ${browser.baselineInteractions.join(', ')} ms)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Issue 17's table: every figure beside its baseline from this run.
// ---------------------------------------------------------------------------------------------
const spread = (values: number[]) =>
  values.length > 1 ? ` (${Math.min(...values)}–${Math.max(...values)})` : '';
const figure = (values: number[]) => `${median(values)}${spread(values)}`;
/** Ratios as 0.00 (min–max); a missing baseline shows as —. */
const ratioFigure = (values: number[]) => {
  const known = values.filter((value) => Number.isFinite(value));
  if (!known.length) return '—';
  const low = Math.min(...known).toFixed(2);
  const high = Math.max(...known).toFixed(2);
  return `${median(known).toFixed(2)}${known.length > 1 ? ` (${low}–${high})` : ''}`;
};

if (rows.length || rushes.length || streams || browser) {
  console.log(`\nIssue 17, this run (median of ${repeats}, min–max in brackets)\n`);
  console.log('| figure | this run | baseline in the same run | ratio | goal |');
  console.log('|---|---|---|---:|---|');
}
for (const row of rows.filter((r) => r.route.startsWith('GET /api/bookings/seats/'))) {
  console.log(
    `| seat-map read, ${row.database}, at info | ${row.app.requestsPerSecond} req/s | bare node:http ${row.bare.requestsPerSecond} req/s (Fastify + request log alone: ${row.fastify.requestsPerSecond}, ${(row.fastify.requestsPerSecond / row.bare.requestsPerSecond).toFixed(2)}) | ${(row.app.requestsPerSecond / row.bare.requestsPerSecond).toFixed(2)} | ≥ 0.6 |`,
  );
}
for (const [kind, processes] of [
  ['postgres', '1 process'],
  ['postgres', '2 processes'],
  ['pglite', '1 process'],
] as const) {
  const mine = rushes.filter((r) => r.database === kind && r.scenario === processes);
  if (!mine.length) continue;
  const rates = mine.map((r) => r.attemptsPerSecond);
  const p99s = mine.map((r) => r.p99);
  const p99sAfterFirst = mine.map((r) => r.p99AfterFirst);
  const ratios = kind === 'postgres' ? mine.map((r, i) => r.attemptsPerSecond / pgbench[i]!) : [];
  console.log(
    kind === 'postgres'
      ? `| PostgreSQL rush, ${processes} | ${figure(rates)} attempts/s, p99 ${figure(p99s)} ms (${figure(p99sAfterFirst)} without each buyer's first) | pgbench TPC-B ${figure(pgbench)} tps | ${ratioFigure(ratios)} | ≥ 0.5, p99 < 250 ms |`
      : `| embedded (PGlite) rush | ${figure(rates)} attempts/s, p99 ${figure(p99s)} ms (${figure(p99sAfterFirst)} without each buyer's first) | the engine alone: ${figure(engine)} holds/s | ${ratioFigure(mine.map((r, i) => r.attemptsPerSecond / engine[i]!))} | ≥ 500/s, p99 < 250 ms |`,
  );
}
const floors = rushes.filter((r) => r.scenario === FLOOR_SCENARIO);
if (floors.length) {
  const rates = floors.map((r) => r.attemptsPerSecond);
  console.log(
    `| PostgreSQL rush's floor: bare node:http + holdSeats | ${figure(rates)} attempts/s, p99 ${figure(floors.map((r) => r.p99))} ms | pgbench TPC-B ${figure(pgbench)} tps | ${ratioFigure(floors.map((r, i) => r.attemptsPerSecond / pgbench[i]!))} | — |`,
  );
}
if (streams) {
  console.log(
    `| seat streams on one process | ${streams.opened} open; 95 % in ${streams.p95} ms, all in ${streams.all} ms; ${streams.kBPerStream} kB each | ${streams.baseline ? `bare node:http fan-out: 95 % in ${streams.baseline.p95} ms, all in ${streams.baseline.all} ms; ${streams.baseline.kBPerStream} kB each` : '—'} | ${streams.baseline ? (streams.all / Math.max(1, streams.baseline.all)).toFixed(1) : '—'} | ${STREAMS}; 95 % within 1 s, all within 2 s |`,
  );
}
if (browser && page) {
  console.log(
    `| home route JS (gzip) / LCP, phone, ${THROTTLE}× throttle | ${browser.homeJsKB.toFixed(1)} kB / ${page.lcp} ms (median of ${browser.lcp.length}) | static page with the poster: LCP ${page.lcpBaseline} ms | ${(page.lcp / page.lcpBaseline).toFixed(1)} (LCP) | ≤ 80 kB / ≤ 1.5 s |`,
  );
  console.log(
    `| booking page, first visit, phone, ${THROTTLE}× throttle: title and dates on screen | ${page.bookingUsable} ms | static page with the poster: LCP ${page.lcpBaseline} ms | ${(page.bookingUsable / page.lcpBaseline).toFixed(1)} | — |`,
  );
  console.log(
    `| 500-seat map, INP at ${THROTTLE}× throttle | ${page.inp} ms (median interaction ${page.inpMedian} ms, ${browser.interactions.length} choices) | a bare button: ${page.baselineInp} ms | ${(page.inp / page.baselineInp).toFixed(1)} | ≤ 100 ms |`,
  );
}

// ---------------------------------------------------------------------------------------------
// Issues 30, 33 and 35's table: every figure beside its baseline from this run.
// ---------------------------------------------------------------------------------------------
if (counters.length || offerRuns.length || reports.length) {
  console.log(`\nIssues 30, 33 and 35, this run\n`);
  console.log('| figure | this run | baseline in the same run | ratio | goal |');
  console.log('|---|---|---|---:|---|');
  for (const c of counters) {
    const sale = median(c.sales);
    const hold = median(c.holds);
    console.log(
      `| counter sale, ${c.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | median ${ms(sale)} ms (p90 ${ms(percentile(c.sales, 0.9))}) | online hold: median ${ms(hold)} ms | ${(sale / hold).toFixed(2)} | ${c.database === 'pglite' ? '≤ 150 ms at the median' : '—'} |`,
    );
    console.log(
      `| exchange (same price), ${c.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | median ${ms(median(c.exchanges))} ms (p90 ${ms(percentile(c.exchanges, 0.9))}) | online hold: median ${ms(hold)} ms | ${(median(c.exchanges) / hold).toFixed(2)} | — |`,
    );
  }
  for (const o of offerRuns)
    console.log(
      `| waiting-list offer, ${o.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | median ${ms(median(o.offers))} ms in the app (p90 ${ms(percentile(o.offers, 0.9))}) | online hold in the app: median ${ms(median(o.holds))} ms | ${(median(o.offers) / median(o.holds)).toFixed(2)} | — |`,
    );
  for (const r of reports) {
    const rows = `${r.seatRows} booking_seats rows, ${r.days} days`;
    console.log(
      `| daily report ${r.day}, ${r.database} (${rows}) | API ${ms(r.dailyApiMs)} ms (in process ${ms(r.dailyMs)}) | count(*): ${ms(r.countMs)} ms | ${(r.dailyApiMs / r.countMs).toFixed(2)} | ≤ 300 ms on a year |`,
    );
    console.log(
      `| films report ${r.from} to ${r.to}, ${r.database} (${rows}) | API ${ms(r.filmsApiMs)} ms (in process ${ms(r.filmsMs)}) | count(*): ${ms(r.countMs)} ms | ${(r.filmsApiMs / r.countMs).toFixed(2)} | ≤ 1 s on a year |`,
    );
  }
  if (reports.length && HISTORY_DAYS < 365) console.log(`\nReports: ${historyNote}.`);
}
