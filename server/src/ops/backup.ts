import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** Where `npm run backup` asks a running server for a snapshot (then sends it SIGUSR2). */
export function backupRequestPath(dataDir: string): string {
  return path.join(dataDir, 'backup-request.json');
}

/** Writes the embedded database to `file` (through a .partial file, so a reader never sees half). */
export async function writeBackup(database: Database, file: string): Promise<void> {
  if (!database.dump) throw new Error('Only the embedded database is backed up this way; use pg_dump');
  const blob = await database.dump();
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(partial, file);
}

/** In the server: answer `npm run backup` while serving (SIGUSR2 + a request file in DATA_DIR). */
export function answerBackupRequests(
  database: Database,
  dataDir: string,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const onSignal = () => {
    if (running) return;
    running = true;
    const requestFile = backupRequestPath(dataDir);
    void (async () => {
      try {
        const { file } = JSON.parse(fs.readFileSync(requestFile, 'utf8')) as { file: string };
        fs.rmSync(requestFile, { force: true });
        const started = performance.now();
        await writeBackup(database, file);
        log.info({ file, ms: Math.round(performance.now() - started) }, 'backup written');
      } catch (error) {
        log.error({ err: error }, 'backup failed');
      } finally {
        running = false;
      }
    })();
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}
