import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { killServerProcesses, startServerProcess, type ServerProcess } from './server-process.ts';

/** One server process of a cluster, with a JSON caller of its own. */
export interface ClusterMember {
  server: ServerProcess;
  /** A JSON call; with a body it is sent as the app's own page would send it (its origin). */
  call(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

/**
 * Several `npm start` server processes on one fresh PostgreSQL database, as a cinema scaled out
 * runs them: what the tests of rules that must hold across processes start. `close()` stops them,
 * removes their data folders and drops the database; call it in `afterAll` (it also kills what a
 * failed test left running).
 */
export class Cluster {
  private readonly dirs: string[] = [];
  private constructor(readonly database: TestDatabase) {}

  static async create(): Promise<Cluster> {
    return new Cluster(await createTestDatabase());
  }

  /**
   * Starts a server process on the cluster's database. Start them one after the other: the first
   * migrates and seeds an empty database.
   */
  async start(env: Record<string, string> = {}): Promise<ClusterMember> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-cluster-'));
    this.dirs.push(dataDir);
    const server = await startServerProcess({
      DATABASE_URL: this.database.url!,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: '0',
      ...env,
    });
    if (!server.baseURL) throw new Error(server.output());
    return {
      server,
      async call(method, url, body, token) {
        const response = await fetch(`${server.baseURL}${url}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json', origin: server.baseURL! } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      },
    };
  }

  async close(): Promise<void> {
    killServerProcesses();
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true });
    await this.database.drop();
  }
}
