// Operators' command: `npm run admin -- promote EMAIL` or `npm run admin -- demote EMAIL`.
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR, from the environment or .env).
import fs from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { lastAdminMessage, setRole } from '../features/auth/index.ts';

const usage = 'Usage: npm run admin -- promote EMAIL | demote EMAIL';

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const [command, email] = process.argv.slice(2);
  if (!email || (command !== 'promote' && command !== 'demote')) {
    console.error(usage);
    return 2;
  }
  const config = loadEnv();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const role = command === 'promote' ? 'admin' : 'user';
    const result = await setRole({ db: database.db, email, role });
    if ('refused' in result) {
      console.error(
        result.refused === 'not-found'
          ? `No account has the email ${email}. The person must sign up first.`
          : `${email} is the only admin. ${lastAdminMessage}.`,
      );
      return 1;
    }
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a regular user'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
