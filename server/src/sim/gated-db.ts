import type { Db } from '../db/client.ts';
import type { Scheduler } from './scheduler.ts';

/**
 * The database handle a simulated process gets: every call on it (a builder awaited, `execute`,
 * `transaction`) first pauses its actor, and counts as in flight until answered. The `tx` a
 * transaction callback receives is the real one: nothing pauses inside a transaction, because
 * PGlite is one connection and a paused transaction would hold every other actor (decision 0021).
 */
export function gatedDb(db: Db, scheduler: Scheduler): Db {
  return wrap(db, scheduler, 'db') as Db;
}

const PAUSING = new Set(['execute', 'transaction']);

function wrap(target: object, scheduler: Scheduler, label: string): unknown {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (property === 'then' && typeof value === 'function') {
        // An awaited builder: pause, then run the query.
        return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
          scheduler
            .pause(label)
            .then(() =>
              scheduler.track({
                then: (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
                  (value as (a: unknown, b: unknown) => unknown).call(object, ok, fail),
              } as PromiseLike<unknown>),
            )
            .then(resolve, reject);
      }
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && PAUSING.has(property)) {
        return async (...args: unknown[]) => {
          await scheduler.pause(property);
          return scheduler.track((value as (...a: unknown[]) => Promise<unknown>).apply(object, args));
        };
      }
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(object, args);
        // Builders chain (`select()` is not awaitable until `.from()`): keep wrapping them.
        if (result && typeof result === 'object' && !(result instanceof Promise)) {
          return wrap(result, scheduler, label === 'db' ? String(property) : label);
        }
        return result;
      };
    },
  });
}
