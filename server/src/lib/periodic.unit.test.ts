import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './periodic.ts';

describe('runEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one at a time, and stopping waits for the run under way', async () => {
    const log: string[] = [];
    let finish!: () => void;
    const release = new Promise<void>((resolve) => (finish = resolve));
    const stop = runEvery(
      5,
      async () => {
        log.push('start');
        await release;
        log.push('end');
      },
      () => log.push('error'),
    );
    // The first tick starts a run; twenty more come while it waits, and none starts another.
    await vi.advanceTimersByTimeAsync(5);
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['start']);
    const stopped = stop().then(() => log.push('stopped'));
    finish();
    await stopped;
    expect(log).toEqual(['start', 'end', 'stopped']);
  });

  it('hands a failed run to onError and keeps going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = runEvery(
      5,
      async () => {
        runs++;
        if (runs === 1) throw new Error('first run fails');
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(10);
    await stop();
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('first run fails')]);
  });
});
