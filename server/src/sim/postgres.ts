import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database on the PostgreSQL server of `serverUrl` for one campaign of the
 * command line (`--database-url`): created under a new name, dropped when it is closed, so runs
 * never see each other's rows and leave nothing behind.
 */
export async function freshPostgres(serverUrl: string): Promise<Database> {
  const name = `marquee_sim_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  } catch (error) {
    await admin(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await admin(serverUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
