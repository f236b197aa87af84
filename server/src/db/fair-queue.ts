import { AsyncLocalStorage } from 'node:async_hooks';

/** Which request a query belongs to: its place in the arrival order. */
export interface RequestTurn {
  /** Arrival number: smaller goes first. */
  readonly rank: number;
  /** Set once one of the request's queries has run; until then it counts against the limit. */
  admitted: boolean;
}

/** The turn of the request whose code is running (set per request by plugins/fair-queue.ts). */
export const currentTurn = new AsyncLocalStorage<RequestTurn>();

/** Thrown when too many requests already wait for the database; answered 503 with Retry-After. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(readonly waiting: number) {
    super('The database queue is full');
  }
}

/**
 * The longest the queue runs tasks back to back before the event loop gets a turn, in ms. PGlite
 * answers within promises, so a queue that chained its tasks straight on would keep the process
 * from accepting connections and reading requests until it ran dry: in a rush, buyers whose
 * requests had not been read yet waited behind whole waves of later ones (1.5–2 s).
 */
const SLICE_MS = 5;

interface Waiter {
  rank: number;
  seq: number;
  turn: RequestTurn | undefined;
  start: () => void;
}

/**
 * Database tasks in the order the requests arrived (not the order their queries did): a request
 * that has begun is served before one that came later, so its second query does not queue behind
 * every newcomer's first, and no buyer waits for many others' whole requests.
 * Work outside a request (sweeper, workers) takes its place when it asks. Every SLICE_MS the
 * event loop gets a turn, so requests that have come in are read and take their places.
 *
 * Bounded: a request whose first query would join `limit` other requests that have not started
 * yet is refused at once (DatabaseBusyError) rather than left to wait ever longer.
 *
 * `depth`: tasks handed over at once (1: one at a time). A database that itself runs what it is
 * given one at a time, in the order given (PGlite on its own thread: pglite-thread.ts), takes 2,
 * so the next task is already there when one ends instead of waiting for this thread to notice
 * and send it. The order it runs them in is still the queue's; a request's next query then goes
 * before every later request but the one whose task was already handed over.
 */
export class FairQueue {
  private arrivals = 0;
  private seq = 0;
  private running = 0;
  /** Sorted by (rank, seq). */
  private readonly waiting: Waiter[] = [];
  /** Requests with a query waiting and none run yet. */
  private readonly newcomers = new Set<RequestTurn>();

  /** When the event loop last had a turn (see SLICE_MS). */
  private sliceStartedAt = 0;

  constructor(
    readonly limit: number,
    readonly depth = 1,
  ) {
    if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`depth must be 1 or more, not ${depth}`);
  }

  /** A new request's place in line (call when it arrives). */
  nextTurn(): RequestTurn {
    return { rank: this.arrivals++, admitted: false };
  }

  get length(): number {
    return this.waiting.length;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const turn = currentTurn.getStore();
    if (turn && !turn.admitted && !this.newcomers.has(turn) && this.newcomers.size >= this.limit) {
      return Promise.reject(new DatabaseBusyError(this.newcomers.size));
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        rank: turn?.rank ?? this.arrivals++,
        seq: this.seq++,
        turn,
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => this.afterTask());
        },
      };
      if (turn && !turn.admitted) this.newcomers.add(turn);
      this.insert(waiter);
      if (this.running === 0) this.sliceStartedAt = performance.now();
      if (this.running < this.depth) this.next();
    });
  }

  private insert(waiter: Waiter) {
    let low = 0;
    let high = this.waiting.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.waiting[middle]!;
      if (other.rank < waiter.rank || (other.rank === waiter.rank && other.seq < waiter.seq))
        low = middle + 1;
      else high = middle;
    }
    this.waiting.splice(low, 0, waiter);
  }

  /** A task ended: its slot goes to the next waiter, after an event-loop turn if one is due. */
  private afterTask() {
    const handOn = () => {
      this.running--;
      this.next();
    };
    if (performance.now() - this.sliceStartedAt < SLICE_MS) return handOn();
    // The slot stays taken until then, so no task starts ahead of the turn.
    setImmediate(() => {
      this.sliceStartedAt = performance.now();
      handOn();
    });
  }

  private next() {
    const waiter = this.waiting.shift();
    if (!waiter) return;
    this.running++;
    if (waiter.turn && !waiter.turn.admitted) {
      waiter.turn.admitted = true;
      this.newcomers.delete(waiter.turn);
    }
    waiter.start();
  }
}
