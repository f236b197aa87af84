// Operators' command: `npm run reconcile` lists every way money and seats disagree (decision 0009)
// and exits 1 when there is any, so it can run from cron or CI. Same configuration as the server.
import fs from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { findDiscrepancies } from '../features/payments/index.ts';

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadEnv();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const found = await findDiscrepancies({ db: database.db, now: new Date() });
    if (!found.length) {
      console.log('Money and seats agree: no discrepancies.');
      return 0;
    }
    for (const discrepancy of found) console.log(JSON.stringify(discrepancy));
    console.log(`${found.length} discrepanc${found.length === 1 ? 'y' : 'ies'} found.`);
    return 1;
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
