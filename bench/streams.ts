// One show watched by many: STREAMS live seat maps open on one app process (from several loopback
// addresses, as the per-address cap requires), then one change, timed until every stream has it.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { startBareStreams, type Running } from './lib.ts';

export const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
/** SEAT_STREAMS_PER_ADDRESS in server/src/features/seats/routes.ts. */
const SEAT_STREAMS_PER_ADDRESS = 20;

export interface StreamsResult {
  streams: number;
  opened: number;
  /** ms from sending the hold until 50 %, 95 % and all of the streams had the change. */
  p50: number;
  p95: number;
  all: number;
  within1s: number;
  within2s: number;
  /** The server's resident memory growth per open stream, in kB. */
  kBPerStream: number;
  openSeconds: number;
  /** The same fan-out from a bare node:http server sending the app's frames (bench/bare-streams.mjs). */
  baseline: { p95: number; all: number; kBPerStream: number } | null;
}

/** Resident memory of a process in kB (Linux). */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface Watcher {
  request: http.ClientRequest;
  /** Resolves with the time a map containing `seat` arrived. */
  seen: (seat: string) => Promise<number>;
  first: Promise<void>;
  /** The first seat map as it came, and the one with the change (each frame with its blank line). */
  frames: { first?: string; changed?: string };
}

function watch(url: string, localAddress: string): Watcher {
  let buffer = '';
  let firstDone!: () => void;
  let firstFailed!: (error: Error) => void;
  const first = new Promise<void>((resolve, reject) => ((firstDone = resolve), (firstFailed = reject)));
  let wanted: { seat: string; resolve: (at: number) => void } | null = null;
  const frames: Watcher['frames'] = {};
  const request = http.get(url, { localAddress, agent: false }, (response) => {
    if (response.statusCode !== 200) {
      firstFailed(new Error(`stream answered ${response.statusCode}`));
      response.resume();
      return;
    }
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!message.startsWith('event: seats')) continue;
        frames.first ??= `${message}\n\n`;
        firstDone();
        if (wanted && message.includes(`"${wanted.seat}":true`)) {
          frames.changed = `${message}\n\n`;
          wanted.resolve(performance.now());
          wanted = null;
        }
      }
    });
  });
  request.on('error', (error) => firstFailed(error));
  return {
    request,
    first,
    frames,
    seen: (seat) => new Promise((resolve) => (wanted = { seat, resolve })),
  };
}

export async function streamsBench(app: Running): Promise<StreamsResult> {
  const shows = (
    (await (await fetch(`${app.baseURL}/api/shows`)).json()) as { shows: { _id: string; status: string }[] }
  ).shows.filter((show) => show.status === 'active');
  const showId = shows[0]!._id;
  const signUp = await fetch(`${app.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Watcher',
      email: `watch-${Date.now()}@example.com`,
      password: 'watch-pass-1',
    }),
  });
  const { token } = (await signUp.json()) as { token: string };
  const seat = 'A1';
  const { result, frames } = await fanOut(
    app,
    `${app.baseURL}/api/bookings/seats/${showId}/events`,
    seat,
    async () => {
      const hold = await fetch(`${app.baseURL}/api/bookings/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ showId, selectedSeats: [seat] }),
      });
      if (hold.status !== 200) throw new Error(`the hold answered ${hold.status}: ${await hold.text()}`);
    },
  );
  let baseline: StreamsResult['baseline'] = null;
  if (frames.first && frames.changed) {
    const bare = await startBareStreams({ first: frames.first, changed: frames.changed });
    try {
      const { result: bareResult } = await fanOut(bare, `${bare.baseURL}/events`, seat, async () => {
        await fetch(`${bare.baseURL}/change`, { method: 'POST' });
      });
      baseline = { p95: bareResult.p95, all: bareResult.all, kBPerStream: bareResult.kBPerStream };
    } finally {
      await bare.stop();
    }
  }
  return { ...result, baseline };
}

/** Opens STREAMS streams on `url`, then times one change (made by `change`) reaching them all. */
async function fanOut(
  server: Running,
  url: string,
  seat: string,
  change: () => Promise<void>,
): Promise<{ result: Omit<StreamsResult, 'baseline'>; frames: Watcher['frames'] }> {
  const before = server.pid ? rssKb(server.pid) : 0;
  const openStarted = performance.now();
  const watchers: Watcher[] = [];
  // In batches, so the server's accept queue is not flooded all at once.
  for (let i = 0; i < STREAMS; i += 250) {
    const batch: Watcher[] = [];
    for (let j = i; j < Math.min(STREAMS, i + 250); j++) {
      const address = `127.0.${1 + Math.floor(j / SEAT_STREAMS_PER_ADDRESS / 250)}.${1 + (Math.floor(j / SEAT_STREAMS_PER_ADDRESS) % 250)}`;
      batch.push(watch(url, address));
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(batch.map((w) => w.first)),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`streams ${i}–${i + 249} did not all open within 60 s`)),
          60_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    watchers.push(...batch);
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  // Let the server settle (and collect garbage) before reading its memory.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = server.pid ? rssKb(server.pid) : 0;

  const arrivals = watchers.map((w) => w.seen(seat));
  const started = performance.now();
  await change();
  const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 10_000));
  const times = (await Promise.all(arrivals.map((arrival) => Promise.race([arrival, timeout])))).map(
    (at) => at - started,
  );
  for (const w of watchers) w.request.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]!);
  const frames = watchers[0]?.frames ?? {};
  const result = {
    streams: STREAMS,
    opened: watchers.length,
    p50: at(0.5),
    p95: at(0.95),
    all: Math.round(times.at(-1)!),
    within1s: times.filter((t) => t <= 1_000).length / times.length,
    within2s: times.filter((t) => t <= 2_000).length / times.length,
    kBPerStream: Math.round(((after - before) / STREAMS) * 10) / 10,
    openSeconds: Math.round(openSeconds * 10) / 10,
  };
  return { result, frames };
}
