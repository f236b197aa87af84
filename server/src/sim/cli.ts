/**
 * The simulator's command line (decision 0021):
 *   npm run sim -- --runs N [--seed S] [--max-commands C] [--no-shrink]
 *   npm run sim -- --seed S --path P [--trace]   replays the failing schedule printed with S and P
 *   npm run sim -- --list-mutants
 *   npm run sim -- --mutant NAME [--runs N] [--seed S]   exits non-zero when the mutant is caught
 *   npm run sim -- --mutant NAME --find-seed K --runs N  tries K seeds from --seed, N schedules each
 * Any of them with --load-from FILE: the in-memory database starts as a copy of FILE, a tarball of a
 * migrated database's directory (the tests pass their template, server/test/templates.ts).
 * Any of them with --database-url postgres://… (or SIM_DATABASE_URL): on that PostgreSQL server
 * instead, each campaign in a fresh database created for it and dropped after (not replayable
 * byte for byte there, decision 0021).
 * --minutes M stops a campaign after M minutes (the schedules so far count; --runs is the most).
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { findMutant, mutants } from './mutants.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};

if (args.includes('--list-mutants')) {
  for (const mutant of mutants) console.log(mutant.name);
  process.exit(0);
}

const mutantName = option('mutant');
const mutant = mutantName ? findMutant(mutantName) : undefined;
if (mutant?.source) {
  // Before anything of the app is imported: the patched module is the one every importer gets.
  const url = new URL(`../${mutant.source.file}`, import.meta.url).href;
  register(pathToFileURL(new URL('./mutant-hooks.mjs', import.meta.url).pathname).href, {
    data: { name: mutant.name, url, find: mutant.source.find, replace: mutant.source.replace },
  });
}

const runs = Number(option('runs') ?? 100);
const seed = Number(option('seed') ?? 27);
const maxCommands = Number(option('max-commands') ?? 25);
const minutes = option('minutes');
const timeLimitMs = minutes ? Number(minutes) * 60_000 : undefined;
const { openDatabase: open } = await import('../db/client.ts');
const loadFrom = option('load-from');
const databaseUrl = option('database-url') ?? process.env.SIM_DATABASE_URL;
const { freshPostgres } = await import('./postgres.ts');
/** A fresh database for one campaign: in memory, or a new database on the PostgreSQL server. */
const openDatabase = async (options: { dataDir: 'memory' }) => {
  if (databaseUrl) return freshPostgres(databaseUrl);
  // Migrations and the database code still run on the copy: a mutant may be in either.
  return open({ ...options, loadFrom });
};
const { runCampaign } = await import('./run.ts');

const findSeeds = Number(option('find-seed') ?? 0);
if (mutant && findSeeds) {
  // Looks for a seed that catches the mutant within --runs schedules (for mutants.ts `proof`).
  for (let candidate = seed; candidate < seed + findSeeds; candidate++) {
    const fresh = await openDatabase({ dataDir: 'memory' });
    try {
      const result = await runCampaign({
        database: fresh,
        runs,
        seed: candidate,
        mutant: mutant.name,
        maxCommands,
        shrink: false,
      });
      console.log(
        `seed ${candidate}: ${result.failure ? `caught within ${result.schedules} schedules` : 'not caught'}`,
      );
      if (result.failure) break;
    } finally {
      await fresh.close();
    }
  }
  process.exit(0);
}

const database = await openDatabase({ dataDir: 'memory' });
let code = 0;
try {
  console.log(
    `simulating ${runs} schedules from seed ${seed} on ${database.kind}` +
      `${timeLimitMs ? ` for at most ${minutes} minutes` : ''}${mutant ? ` with mutant ${mutant.name}` : ''}`,
  );
  const result = await runCampaign({
    database,
    runs,
    seed,
    mutant: mutant?.name,
    maxCommands,
    shrink: !mutant && !args.includes('--no-shrink'),
    path: option('path'),
    timeLimitMs,
    onTrace: args.includes('--trace') ? (line) => console.log(line) : undefined,
    onProgress: (schedules, perMinute) => console.log(`… ${schedules} schedules, ${perMinute} per minute`),
  });
  const c = result.counters;
  console.log(
    `sometimes: late honoured ${c.lateHonoured}, late refunded ${JSON.stringify(c.lateRefunded)}, ` +
      `duplicate events ${c.duplicateEvent}, lost refund answers ${c.lostRefundAnswer}, ` +
      `crashes between refund claim and result ${c.crashAfterClaim}, ` +
      `razorpay refund settlements ${JSON.stringify(c.refundSettled)}, ` +
      `counter sales ${c.counterSales}, counter cash refunds ${c.counterCashRefunds}, ` +
      `holds with items ${c.itemsClaimed}, items-only sales ${c.itemsOnlySales} ` +
      `(refused out of stock ${c.itemsOnlyOutOfStock}), waiting-list joins ${c.waitlistJoins}, offers ${c.offersMade}, ` +
      `exchanges ${JSON.stringify(c.exchanges)}`,
  );
  if (result.failure) {
    const f = result.failure;
    console.log(`FAILED: ${f.message}`);
    console.log(
      `seed ${f.seed} path ${f.path}  (replay: npm run sim -- --seed ${f.seed} --path ${f.path} --trace)`,
    );
    console.log(`schedule: ${f.schedule}`);
    console.log('trace of the smallest failing schedule:');
    for (const line of f.trace) console.log(`  ${line}`);
    code = 1;
    if (mutant) console.log(`mutant ${mutant.name} caught`);
  } else if (mutant) {
    console.log(`mutant ${mutant.name} NOT caught`);
  } else if (result.never.length) {
    console.log(`never happened: ${result.never.join(', ')}`);
    code = 1;
  }
  console.log(`${result.schedules} schedules, ${result.perMinute} per minute`);
  if (result.schedules < runs && !result.failure)
    console.log(
      `stopped by --minutes after ${result.schedules} of ${runs}: ${runs} would take about ` +
        `${Math.round(runs / Math.max(1, result.perMinute))} minutes at this rate`,
    );
  console.log(`trace digest ${result.digest}`);
} finally {
  await database.close();
}
process.exit(code);
