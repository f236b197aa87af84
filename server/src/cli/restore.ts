// `npm run restore FILE`: brings back a snapshot written by `npm run backup`, with the app stopped.
// The current database is kept beside it (DATA_DIR/pgdata.before-restore-…), never deleted.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { lockDataDir } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';

async function main(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore FILE');
    return 2;
  }
  const config = loadEnv();
  if (config.DATABASE_URL) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.');
    console.error('  pg_restore --clean --if-exists --dbname="$DATABASE_URL" marquee.dump');
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 2;
  }
  // Refuses while the app runs: it would go on writing to the database being replaced.
  const release = lockDataDir(config.DATA_DIR);
  try {
    const pgdata = path.join(path.resolve(config.DATA_DIR), 'pgdata');
    let keptAt: string | undefined;
    if (fs.existsSync(pgdata)) {
      keptAt = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(pgdata, keptAt);
    }
    try {
      const client = new PGlite(pgdata, {
        extensions: { btree_gist },
        loadDataDir: new Blob([fs.readFileSync(file)]),
      });
      await client.waitReady;
      await client.query('select 1');
      await client.close();
    } catch (error) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      if (keptAt) fs.renameSync(keptAt, pgdata);
      throw error;
    }
    console.log(`Restored ${file} into ${pgdata}.`);
    if (keptAt) console.log(`The database it replaced is kept at ${keptAt}.`);
    return 0;
  } finally {
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
