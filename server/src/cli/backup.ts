// `npm run backup [FILE]`: a consistent snapshot of the embedded database (DATA_DIR) as a gzipped
// tarball, taken while the app runs (it is asked to write it) or directly when it does not.
// With DATABASE_URL the snapshot is PostgreSQL's business: pg_dump (see the README).
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, openDatabase } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { backupRequestPath, writeBackup } from '../ops/backup.ts';

async function main(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadEnv();
  if (config.DATABASE_URL) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g.');
    console.error('  pg_dump --format=custom --file=marquee.dump "$DATABASE_URL"');
    return 2;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(process.argv[2] ?? path.join('backups', `marquee-${stamp}.tar.gz`));
  if (fs.existsSync(file)) {
    console.error(`${file} already exists; name another file.`);
    return 2;
  }

  const lock = path.join(config.DATA_DIR, 'marquee.lock');
  const owner = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8').trim()) : 0;
  if (owner && isAlive(owner)) {
    // The app holds the database: it writes the snapshot between two of its queries.
    fs.writeFileSync(backupRequestPath(config.DATA_DIR), JSON.stringify({ file }));
    process.kill(owner, 'SIGUSR2');
    const deadline = Date.now() + 120_000;
    while (!fs.existsSync(file)) {
      if (Date.now() > deadline || !isAlive(owner)) {
        console.error(`The running app (process ${owner}) did not write the backup; see its log.`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } else {
    const database = await openDatabase({ dataDir: config.DATA_DIR, migrate: false });
    try {
      await writeBackup(database, file);
    } finally {
      await database.close();
    }
  }
  console.log(
    `Backup written to ${file} (${fs.statSync(file).size} bytes). Restore it with: npm run restore ${file}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
