import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverBundle } from '../../scripts/bundle-server.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port once it listens; undefined when it exited first. */
  baseURL: string | undefined;
  exited: Promise<number | null>;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code and how long the exit took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

const running = new Set<ChildProcess>();

/** Kills every server process a test started and left running (after a failed test). */
export function killServerProcesses(): void {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  running.clear();
}

/** Starts `npm start`'s server process (without the client build) and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // Node itself on the bundle, as `npm start` runs it (the projects' global set-up bundles these
  // sources, templates.ts): a CLI between the two would stand between the signal and the server.
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // These suites book seats anywhere on the spec's map; the single-seat rule has its own tests,
      // and the cross-process rush (scale-out.test.ts) sets it back to its production default, on.
      SEAT_GAP_RULE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  let baseURL: string | undefined;
  while (!baseURL) {
    const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) baseURL = match[1];
    else if (child.exitCode !== null) break;
    else if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    } else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    baseURL,
    exited,
    output: () => output,
    async stop() {
      const started = performance.now();
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Math.round(performance.now() - started) };
    },
  };
}
