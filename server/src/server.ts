import fs from 'node:fs';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './fixtures/seed.ts';
import { EnvError, loadEnv } from './env.ts';
import { ensureAdmin } from './features/auth/index.ts';
import { secureDataDir } from './lib/data-dir.ts';
import { answerBackupRequests } from './ops/backup.ts';
import { logDestination } from './ops/log-destination.ts';
import { gracefulShutdown } from './ops/shutdown.ts';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

async function main() {
  const config = loadEnv();
  const dataDirWarning = secureDataDir(config.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    queueLimit: config.DB_QUEUE_LIMIT,
  });
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      // Log lines go to stdout asynchronously (ops/log-destination.ts).
      ...(pretty
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : { stream: logDestination(1) }),
    },
  });
  if (dataDirWarning) app.log.warn(dataDirWarning);

  const seeded = await seedIfEmpty({
    db: database.db,
    timeZone: config.CINEMA_TIMEZONE,
    now: new Date(),
    cleaningMinutes: config.CLEANING_MINUTES,
  });
  if (seeded) app.log.info('seeded the sample catalogue');
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin({
      db: database.db,
      auth: app.deps.auth,
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    app.log.info({ email: config.ADMIN_EMAIL }, 'admin account ensured');
  }

  // `npm run backup` asks this process for a snapshot of the embedded database.
  if (database.kind === 'pglite') answerBackupRequests(database, config.DATA_DIR, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    void gracefulShutdown(app, signal, { closeAfter: () => database.close() });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Marquee is serving ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message);
  else console.error('Marquee could not start:', error);
  process.exit(1);
});
