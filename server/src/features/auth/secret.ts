import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';
import type { Env } from '../../env.ts';

const SECRET_NAME = 'better-auth';

/**
 * The session signing secret: BETTER_AUTH_SECRET when given; otherwise one generated on first
 * start and kept in the database, so sessions survive restarts and hold on every process that
 * shares the database (a secret per process would sign users out as they move between them).
 * NODE_ENV=production demands BETTER_AUTH_SECRET (env.ts).
 */
export async function resolveAuthSecret({
  config,
  db,
}: {
  config: Pick<Env, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>;
  db: Db;
}): Promise<string> {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const stored = await readSecret(db);
  if (stored) return stored;
  // Earlier versions kept it in DATA_DIR/auth-secret: adopt it, so signed-in users stay signed in.
  const candidate = readLegacyFile(config.DATA_DIR) ?? randomBytes(32).toString('base64url');
  // Processes starting together race here: the primary key lets one insert win, and all read it.
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: candidate }).onConflictDoNothing();
  const winner = await readSecret(db);
  if (!winner) throw new Error('The session secret could not be stored');
  return winner;
}

async function readSecret(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SECRET_NAME));
  return row?.value;
}

function readLegacyFile(dataDir: string): string | undefined {
  if (dataDir === 'memory') return undefined;
  try {
    return fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
