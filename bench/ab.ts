// `npx tsx bench/ab.ts <checkout> <checkout> [...]`: the seat-map read of each checkout's app, the
// checkouts taken in turn round after round, so that the machine's drift (on this one, ±20 % within
// minutes) falls on all of them alike. Each figure: requests a second (autocannon, 50 connections)
// and the app process's CPU per request, all its threads, from /proc; then the median of each.
// A checkout is a `git worktree` of another commit whose node_modules (the root's and each
// workspace's) link to this one's. AB_DATABASE=postgres for PostgreSQL; AB_ROUNDS (6), AB_SECONDS (4).
// AB_LOAD=rush: the booking rush of bench/rush.ts on each checkout's app instead (attempts a
// second and p99), one app process, a fresh app and database each round.
// Not part of `npm run bench`: it compares code, where the bench compares the app with its floors.
import fs from 'node:fs';
import path from 'node:path';
import { fullestSeatMapPath, load, median, startApp, statCpuSeconds } from './lib.ts';
import { rush } from './rush.ts';

const checkouts = process.argv.slice(2).map((dir) => path.resolve(dir));
if (checkouts.length < 2) throw new Error('usage: npx tsx bench/ab.ts <checkout> <checkout> [...]');
const kind = process.env.AB_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const seconds = Number(process.env.AB_SECONDS ?? 4);

/** CPU time of a process so far, all its threads, in ms. */
const cpuMs = (pid: number) => statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) * 1000;

if (process.env.AB_LOAD === 'rush') {
  const rushes = new Map(checkouts.map((dir) => [dir, [] as { perSecond: number; p99: number }[]]));
  for (let round = 0; round < rounds; round++) {
    for (const dir of checkouts) {
      const app = await startApp(kind, {}, undefined, dir);
      try {
        const result = await rush([app], kind, dir);
        rushes.get(dir)!.push({ perSecond: result.attemptsPerSecond, p99: result.p99 });
        console.log(
          `round ${round + 1}: ${dir}: ${result.attemptsPerSecond} attempts/s, p99 ${result.p99} ms`,
        );
      } finally {
        await app.stop();
      }
    }
  }
  console.log(`\nBooking rush on ${kind}, ${rounds} rounds, checkouts in turn\n`);
  console.log('| checkout | attempts/s, median | p99 ms, median | each round (attempts/s / p99) |');
  console.log('|---|---:|---:|---|');
  for (const [dir, rows] of rushes) {
    const each = rows.map((row) => `${row.perSecond} / ${row.p99}`).join(', ');
    console.log(
      `| ${dir} | ${median(rows.map((row) => row.perSecond))} | ${median(rows.map((row) => row.p99))} | ${each} |`,
    );
  }
  process.exit(0);
}

const figures = new Map(checkouts.map((dir) => [dir, [] as { perSecond: number; cpuUs: number }[]]));
for (let round = 0; round < rounds; round++) {
  for (const dir of checkouts) {
    const app = await startApp(kind, {}, undefined, dir);
    try {
      const url = `${app.baseURL}${await fullestSeatMapPath(app.baseURL)}`;
      await load(url, { seconds: 2 });
      const cpuBefore = cpuMs(app.pid!);
      const started = performance.now();
      const result = await load(url, { seconds });
      const requests = (result.requestsPerSecond * (performance.now() - started)) / 1000;
      const cpuUs = Math.round(((cpuMs(app.pid!) - cpuBefore) * 1000) / requests);
      figures.get(dir)!.push({ perSecond: result.requestsPerSecond, cpuUs });
      console.log(
        `round ${round + 1}: ${dir}: ${result.requestsPerSecond} req/s, ${cpuUs} µs of CPU a request`,
      );
    } finally {
      await app.stop();
    }
  }
}

console.log(`\nSeat-map read on ${kind}, ${rounds} rounds of ${seconds} s, checkouts in turn\n`);
console.log('| checkout | req/s, median | CPU µs a request, median | each round (req/s / µs) |');
console.log('|---|---:|---:|---|');
for (const [dir, rows] of figures) {
  const each = rows.map((row) => `${row.perSecond} / ${row.cpuUs}`).join(', ');
  console.log(
    `| ${dir} | ${median(rows.map((row) => row.perSecond))} | ${median(rows.map((row) => row.cpuUs))} | ${each} |`,
  );
}
