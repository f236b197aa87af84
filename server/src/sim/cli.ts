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
 * --jobs J splits the campaign over J processes (seeds S…S+J−1), one a core (`runJobs`).
 * --release K (PostgreSQL only) releases up to K pause points at once: real row locks, no replay.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { register } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { findMutant, mutants } from './mutants.ts';
import type { CampaignResult } from './run.ts';

/**
 * The source mutant a bundle of this CLI was built with, its patch already applied
 * (scripts/bundle-server.mjs, `bundleSimulator`); undefined when run from the sources.
 */
declare const MARQUEE_BAKED_MUTANT: string | undefined;
const baked = typeof MARQUEE_BAKED_MUTANT === 'string' ? MARQUEE_BAKED_MUTANT : undefined;

/** Marks the line with which a job of `--jobs` hands its result to the command that started it. */
const RESULT = 'sim-job-result ';

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
if (baked !== undefined && mutantName !== baked) {
  console.error(`This build of the simulator carries mutant ${baked}: run it with --mutant ${baked}`);
  process.exit(2);
}
if (mutant?.source && baked === undefined) {
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
const release = Number(option('release') ?? 1);
if (release > 1 && !databaseUrl) {
  console.error('--release above 1 needs --database-url: the embedded database runs one call at a time');
  process.exit(2);
}
const { runCampaign, neverReached } = await import('./run.ts');

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

const jobs = Number(option('jobs') ?? 1);
const asJob = args.includes('--as-job');
let result: CampaignResult;
let code = 0;
if (jobs > 1) {
  console.log(
    `simulating ${runs} schedules from seed ${seed} in ${jobs} processes (seeds ${seed}…${seed + jobs - 1}) on ` +
      `${databaseUrl ? 'postgres' : 'pglite'}${timeLimitMs ? ` for at most ${minutes} minutes` : ''}`,
  );
  result = await runJobs(jobs);
} else {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    if (!asJob)
      console.log(
        `simulating ${runs} schedules from seed ${seed} on ${database.kind}` +
          `${release > 1 ? `, releasing up to ${release} pause points at once` : ''}` +
          `${timeLimitMs ? ` for at most ${minutes} minutes` : ''}${mutant ? ` with mutant ${mutant.name}` : ''}`,
      );
    result = await runCampaign({
      database,
      runs,
      seed,
      mutant: mutant?.name,
      maxCommands,
      shrink: !mutant && !args.includes('--no-shrink'),
      path: option('path'),
      timeLimitMs,
      release,
      onTrace: args.includes('--trace') ? (line) => console.log(line) : undefined,
      onProgress: (schedules, perMinute) => console.log(`… ${schedules} schedules, ${perMinute} per minute`),
    });
  } finally {
    await database.close();
  }
}
if (asJob) {
  // For the process that started this one (runJobs): the result, then its failure in words.
  console.log(`${RESULT}${JSON.stringify(result)}`);
  if (result.failure) report(result);
  process.exit(result.failure ? 1 : 0);
}
report(result);
process.exit(code);

function report(result: CampaignResult): void {
  const c = result.counters;
  console.log(
    `sometimes: late honoured ${c.lateHonoured}, late refunded ${JSON.stringify(c.lateRefunded)}, ` +
      `duplicate events ${c.duplicateEvent}, lost refund answers ${c.lostRefundAnswer}, ` +
      `crashes between refund claim and result ${c.crashAfterClaim}, ` +
      `razorpay refund settlements ${JSON.stringify(c.refundSettled)}, ` +
      `counter sales ${c.counterSales}, counter cash refunds ${c.counterCashRefunds}, ` +
      `holds with items ${c.itemsClaimed}, items-only sales ${c.itemsOnlySales} ` +
      `(refused out of stock ${c.itemsOnlyOutOfStock}), waiting-list joins ${c.waitlistJoins}, offers ${c.offersMade}, ` +
      `exchanges ${JSON.stringify(c.exchanges)}, show edits ${JSON.stringify(c.showEdits)}` +
      (release > 1 ? `, steps with two actors' calls at once ${c.overlapped}` : ''),
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
}

/**
 * `--jobs J`: the campaign split over J processes of this command line, one a core, job i running
 * its share of the schedules from seed + i on a database of its own. Their counters add up, the
 * rate is all schedules over the wall-clock time, the digest is over the jobs' digests in order; a
 * failure names its job's seed, so the usual replay line (one process) runs it again.
 */
async function runJobs(count: number): Promise<CampaignResult> {
  const started = performance.now();
  const passed = args.filter(
    (arg, i) =>
      !['--jobs', '--runs', '--seed'].includes(arg) && !['--jobs', '--runs', '--seed'].includes(args[i - 1]!),
  );
  const results = await Promise.all(
    Array.from({ length: count }, (_, job) => {
      const share = Math.floor(runs / count) + (job < runs % count ? 1 : 0);
      const child = spawn(
        process.execPath,
        [
          ...process.execArgv,
          process.argv[1]!,
          ...passed,
          '--runs',
          String(share),
          '--seed',
          String(seed + job),
          '--as-job',
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let found: CampaignResult | undefined;
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith(RESULT)) found = JSON.parse(line.slice(RESULT.length)) as CampaignResult;
        else console.log(`[job ${job}] ${line}`);
      });
      return new Promise<CampaignResult>((resolve, reject) =>
        child.on('close', (exit) =>
          found
            ? resolve(found)
            : reject(new Error(`job ${job} (seed ${seed + job}) ended with ${exit} and no result`)),
        ),
      );
    }),
  );
  const counters = results.map((one) => one.counters).reduce((sum, one) => addCounters(sum, one));
  const schedules = results.reduce((sum, one) => sum + one.schedules, 0);
  return {
    schedules,
    perMinute: Math.round(schedules / ((performance.now() - started) / 60_000)),
    digest: createHash('sha256')
      .update(results.map((one) => one.digest).join('\n'))
      .digest('hex'),
    counters,
    never: neverReached(counters, schedules),
    ...(results.find((one) => one.failure) ? { failure: results.find((one) => one.failure)!.failure } : {}),
  };
}

/** Two campaigns' counters added up, key by key (numbers, and records of numbers). */
function addCounters<T>(a: T, b: T): T {
  if (typeof a === 'number') return ((a as number) + (b as number)) as T;
  const sum: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [key, value] of Object.entries(b as Record<string, unknown>))
    sum[key] = key in sum ? addCounters(sum[key], value) : value;
  return sum as T;
}
