import { describe, expect, it } from 'vitest';
import { currentTurn, DatabaseBusyError, FairQueue, type RequestTurn } from './fair-queue.ts';

/** A task that runs until `finish` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (log.push(name), done), finish };
}

const asTurn = <T>(turn: RequestTurn, work: () => T) => currentTurn.run(turn, work);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  it('serves requests in arrival order, whatever order their queries come in', async () => {
    const queue = new FairQueue(10);
    const log: string[] = [];
    const first = queue.nextTurn();
    const second = queue.nextTurn();
    const third = queue.nextTurn();
    const blocker = gate(log, 'blocker');
    const running = [queue.run(blocker.task)];
    // The latest arrival asks first, then the earliest, then the middle one.
    running.push(asTurn(third, () => queue.run(async () => void log.push('third'))));
    running.push(asTurn(first, () => queue.run(async () => void log.push('first'))));
    running.push(asTurn(second, () => queue.run(async () => void log.push('second'))));
    blocker.finish();
    await Promise.all(running);
    expect(log).toEqual(['blocker', 'first', 'second', 'third']);
  });

  it("a request's next query goes before requests that arrived after it", async () => {
    const queue = new FairQueue(10);
    const log: string[] = [];
    const early = queue.nextTurn();
    const late = queue.nextTurn();
    const firstQuery = gate(log, 'early 1');
    const one = asTurn(early, () => queue.run(firstQuery.task));
    await settle();
    const other = asTurn(late, () => queue.run(async () => void log.push('late 1')));
    firstQuery.finish();
    await one;
    // Asked after `late` was already waiting, and still served first.
    await asTurn(early, () => queue.run(async () => void log.push('early 2')));
    await other;
    expect(log).toEqual(['early 1', 'early 2', 'late 1']);
  });

  it('hands over at most `depth` tasks at once, the next in arrival order as each ends', async () => {
    const queue = new FairQueue(10, 2);
    const log: string[] = [];
    const [a, b, c, d] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c'), gate(log, 'd')];
    const [early, late] = [queue.nextTurn(), queue.nextTurn()];
    const done = [queue.run(a.task), queue.run(b.task)];
    // The later request asks first; neither starts while two tasks are out.
    done.push(asTurn(late, () => queue.run(d.task)));
    done.push(asTurn(early, () => queue.run(c.task)));
    await settle();
    expect(log).toEqual(['a', 'b']);
    a.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    b.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    c.finish();
    d.finish();
    await Promise.all(done);
  });

  it('refuses a new request when `limit` requests wait to start, and takes it again once they have', async () => {
    const queue = new FairQueue(2);
    const log: string[] = [];
    const blocker = gate(log, 'blocker');
    const held = queue.run(blocker.task);
    const [a, b, c] = [queue.nextTurn(), queue.nextTurn(), queue.nextTurn()];
    const waiting = [a, b].map((turn) => asTurn(turn, () => queue.run(async () => 'ok')));
    await expect(asTurn(c, () => queue.run(async () => 'ok'))).rejects.toBeInstanceOf(DatabaseBusyError);
    // A request already waiting may ask again (Promise.all); work outside a request is never refused.
    const again = asTurn(a, () => queue.run(async () => 'ok'));
    const background = queue.run(async () => 'ok');
    blocker.finish();
    await held;
    expect(await Promise.all([...waiting, again, background])).toEqual(['ok', 'ok', 'ok', 'ok']);
    await expect(asTurn(queue.nextTurn(), () => queue.run(async () => 'ok'))).resolves.toBe('ok');
  });

  it('gives the event loop a turn while tasks that answer at once queue back to back', async () => {
    // PGlite answers inside promises: without a turn, the process reads no new request until
    // the whole queue has run (a rush's first buyers then waited up to 2 s).
    const queue = new FairQueue(1000);
    const log: string[] = [];
    const busyFor = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const tasks = Array.from({ length: 100 }, (_, i) =>
      queue.run(async () => {
        busyFor(1);
        log.push(`task ${i}`);
      }),
    );
    setImmediate(() => log.push('event loop'));
    await Promise.all(tasks);
    // A turn comes after about 5 ms of tasks (of 1 ms each), not after all 100.
    expect(log.indexOf('event loop')).toBeGreaterThan(0);
    expect(log.indexOf('event loop')).toBeLessThan(30);
  });
});
