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
 * One database task at a time, in the order the requests arrived (not the order their queries
 * did): a request that has begun is served before one that came later, so its second query does
 * not queue behind every newcomer's first, and no buyer waits for many others' whole requests.
 * Work outside a request (sweeper, workers) takes its place when it asks. Every SLICE_MS the
 * event loop gets a turn, so requests that have come in are read and take their places.
 *
 * Bounded: a request whose first query would join `limit` other requests that have not started
 * yet is refused at once (DatabaseBusyError) rather than left to wait ever longer.
 */
export class FairQueue {
  private arrivals = 0;
  private seq = 0;
  private busy = false;
  /** Sorted by (rank, seq). */
  private readonly waiting: Waiter[] = [];
  /** Requests with a query waiting and none run yet. */
  private readonly newcomers = new Set<RequestTurn>();

  /** When the event loop last had a turn (see SLICE_MS). */
  private sliceStartedAt = 0;

  constructor(readonly limit: number) {}

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
      if (!this.busy) {
        this.sliceStartedAt = performance.now();
        this.next();
      }
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

  private afterTask() {
    if (performance.now() - this.sliceStartedAt < SLICE_MS) return this.next();
    setImmediate(() => {
      this.sliceStartedAt = performance.now();
      this.next();
    });
  }

  private next() {
    const waiter = this.waiting.shift();
    this.busy = waiter !== undefined;
    if (!waiter) return;
    if (waiter.turn && !waiter.turn.admitted) {
      waiter.turn.admitted = true;
      this.newcomers.delete(waiter.turn);
    }
    waiter.start();
  }
}
