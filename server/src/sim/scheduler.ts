import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Who is running: the actor's name, its scheduler and whether it was abandoned (a crash). */
interface ActorContext {
  name: string;
  process: number;
  crashed: boolean;
  scheduler: Scheduler;
}

/**
 * The running actor, for every scheduler of the process. One storage, not one per scheduler:
 * Node's AsyncLocalStorage instances stay enabled for the life of the process, and every promise
 * created pays for each of them, so a campaign that made one per schedule slowed as it went
 * (by the end of a 600-schedule campaign, their propagation took nearly half the main thread).
 */
const running = new AsyncLocalStorage<ActorContext>();

interface PausePoint {
  actor: ActorContext;
  what: string;
  release: () => void;
}

export interface ActorHandle {
  name: string;
  process: number;
  done: boolean;
  /** Set when the actor's operation threw. */
  error?: unknown;
  result?: unknown;
}

/**
 * Releases one pause point at a time. An actor pauses before each database call and each gateway
 * call that leaves the app (gated-db.ts, fake-gateway.ts); `step` releases the point the
 * schedule picks, waits until the world is quiet again, and repeats (decision 0021).
 *
 * With `release` above 1 (the PostgreSQL mode, `--release K`), `step` releases up to that many
 * points at once: their actors run side by side on their own connections, so their transactions
 * meet PostgreSQL's row locks for real. What runs first is then up to the server, so a seed no
 * longer replays byte for byte.
 */
export class Scheduler {
  constructor(private readonly release = 1) {}

  /** Steps whose released actors had two database calls in flight at the same moment. */
  overlapped = 0;
  private peak = 0;

  private readonly waiting: PausePoint[] = [];
  private readonly actors: { context: ActorContext; handle: ActorHandle }[] = [];
  /** Database calls started and not yet answered: the world is not quiet while any is. */
  private inFlight = 0;
  private changes = 0;

  /** Starts `operation` as an actor: it runs until its first pause point. */
  start(name: string, process: number, operation: () => Promise<unknown>): ActorHandle {
    const context: ActorContext = { name, process, crashed: false, scheduler: this };
    const handle: ActorHandle = { name, process, done: false };
    this.actors.push({ context, handle });
    void running.run(context, async () => {
      try {
        handle.result = await operation();
      } catch (error) {
        handle.error = error;
      } finally {
        handle.done = true;
        this.changes++;
      }
    });
    return handle;
  }

  /** Awaited by simulated code before an outside call; outside any actor it passes at once. */
  pause(what: string): Promise<void> {
    const actor = running.getStore();
    // Outside any actor, or in another world's (a crashed actor left running): passes at once.
    if (actor?.scheduler !== this) return Promise.resolve();
    this.changes++;
    return new Promise<void>((resolve) => {
      this.waiting.push({ actor, what, release: resolve });
    });
  }

  /** Counts a database call as in flight until it settles. */
  track<T>(promise: PromiseLike<T>): Promise<T> {
    this.inFlight++;
    this.peak = Math.max(this.peak, this.inFlight);
    this.changes++;
    return Promise.resolve(promise).finally(() => {
      this.inFlight--;
      this.changes++;
    });
  }

  /** Waits until nothing runs: no database call in flight and a turn of the event loop unchanged. */
  async quiet(): Promise<void> {
    for (;;) {
      const before = this.changes;
      await nextTurn();
      if (this.inFlight === 0 && this.changes === before) return;
    }
  }

  /** Actors started and neither finished nor abandoned. */
  live(): ActorHandle[] {
    return this.actors.filter(({ context, handle }) => !handle.done && !context.crashed).map((a) => a.handle);
  }

  /** The pause points waiting, in the order they arrived (what the schedule's numbers pick from). */
  points(): { actor: string; what: string }[] {
    return this.waiting.map((point) => ({ actor: point.actor.name, what: point.what }));
  }

  /**
   * Releases the `pick`-th waiting point (modulo their number), and the next ones up to `release`
   * points in all, then waits for quiet; their labels.
   */
  async step(pick: number): Promise<string | null> {
    await this.quiet();
    if (!this.waiting.length) return null;
    const at = pick % this.waiting.length;
    const count = Math.min(this.release, this.waiting.length);
    const points = [...this.waiting, ...this.waiting].slice(at, at + count);
    for (const point of points) this.waiting.splice(this.waiting.indexOf(point), 1);
    this.peak = 0;
    for (const point of points) point.release();
    await this.quiet();
    if (this.peak > 1) this.overlapped++;
    return points.map((point) => `${point.actor.name}@${point.what}`).join(' + ');
  }

  /** Releases the first waiting point of `handle`'s actor (if any) and waits for quiet. */
  async stepActor(handle: ActorHandle): Promise<boolean> {
    await this.quiet();
    const at = this.waiting.findIndex((point) => point.actor.name === handle.name);
    if (at === -1) return false;
    const [point] = this.waiting.splice(at, 1);
    point!.release();
    await this.quiet();
    return true;
  }

  /** Abandons an actor where it is paused: it never runs again (a crash between two calls). */
  crash(handle: ActorHandle): void {
    const entry = this.actors.find((actor) => actor.handle === handle);
    if (!entry) return;
    entry.context.crashed = true;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i]!.actor === entry.context) this.waiting.splice(i, 1);
    }
  }

  /** Forgets finished and abandoned actors. */
  prune(): void {
    for (let i = this.actors.length - 1; i >= 0; i--) {
      const { context, handle } = this.actors[i]!;
      if (handle.done || context.crashed) this.actors.splice(i, 1);
    }
  }
}
