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
import { fullestSeatMapPath, load, median, startApp, statCpuSeconds, type Running } from './lib.ts';
import { rush } from './rush.ts';

const checkouts = process.argv.slice(2).map((dir) => path.resolve(dir));
if (checkouts.length < 2) throw new Error('usage: npx tsx bench/ab.ts <checkout> <checkout> [...]');
const kind = process.env.AB_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const seconds = Number(process.env.AB_SECONDS ?? 4);

/** CPU time of a process so far, all its threads, in ms. */
const cpuMs = (pid: number) => statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) * 1000;

/** What a round measures of one checkout's app: two figures, each with its name. */
interface Measure {
  title: string;
  names: [string, string];
  run(app: Running, dir: string): Promise<[number, number]>;
}

const seatMapRead: Measure = {
  title: `Seat-map read on ${kind}, ${rounds} rounds of ${seconds} s`,
  names: ['req/s', 'CPU µs a request'],
  async run(app) {
    const url = `${app.baseURL}${await fullestSeatMapPath(app.baseURL)}`;
    await load(url, { seconds: 2 });
    const cpuBefore = cpuMs(app.pid!);
    const started = performance.now();
    const result = await load(url, { seconds });
    const requests = (result.requestsPerSecond * (performance.now() - started)) / 1000;
    return [result.requestsPerSecond, Math.round(((cpuMs(app.pid!) - cpuBefore) * 1000) / requests)];
  },
};

const bookingRush: Measure = {
  title: `Booking rush on ${kind}, ${rounds} rounds, one app process`,
  names: ['attempts/s', 'p99 ms'],
  async run(app, dir) {
    const result = await rush([app], kind, dir);
    return [result.attemptsPerSecond, result.p99];
  },
};

const measure = process.env.AB_LOAD === 'rush' ? bookingRush : seatMapRead;
const [first, second] = measure.names;
const figures = new Map(checkouts.map((dir) => [dir, [] as [number, number][]]));
for (let round = 0; round < rounds; round++) {
  for (const dir of checkouts) {
    const app = await startApp(kind, {}, undefined, dir);
    try {
      const [a, b] = await measure.run(app, dir);
      figures.get(dir)!.push([a, b]);
      console.log(`round ${round + 1}: ${dir}: ${a} ${first}, ${b} ${second}`);
    } finally {
      await app.stop();
    }
  }
}

console.log(`\n${measure.title}, checkouts in turn\n`);
console.log(`| checkout | ${first}, median | ${second}, median | each round (${first} / ${second}) |`);
console.log('|---|---:|---:|---|');
for (const [dir, rows] of figures) {
  const each = rows.map(([a, b]) => `${a} / ${b}`).join(', ');
  console.log(`| ${dir} | ${median(rows.map(([a]) => a))} | ${median(rows.map(([, b]) => b))} | ${each} |`);
}
