import type postgres from 'postgres';
import { queryObserverOf, type QueryObserver } from './metrics.js';

/** The driver's query object, as far as timing it needs. */
interface DriverQuery {
  executed: boolean;
  handle(): Promise<void>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function isDriverQuery(value: unknown): value is DriverQuery {
  return value instanceof Promise && 'executed' in value && typeof (value as { handle?: unknown }).handle === 'function';
}

/**
 * The pool `sql` with every query timed: from the moment the driver is asked to run it (so a
 * wait for a free connection counts) to its answer, plus the number of queries in flight.
 * Queries go through here — drizzle's (`unsafe`), tagged templates, and those inside
 * transactions (`begin` hands out a timed transaction handle); only statements on a reserved
 * connection (the advisory locks of db/advisory-lock.ts) are left out. postgres.js exposes no
 * pool statistics, so connections themselves are not reported.
 */
export function observeQueries(sql: postgres.Sql, pool: string): postgres.Sql {
  return timed(sql, queryObserverOf(pool));
}

function timed<S extends postgres.Sql | postgres.TransactionSql>(sql: S, observer: QueryObserver): S {
  const watch = <T>(result: T): T => {
    // Fragments nested in another query are never run themselves.
    if (!isDriverQuery(result)) return result;
    const query = result;
    const { handle, resolve, reject } = query;
    let started = 0;
    const finish = () => {
      if (started === 0) return;
      observer.finished((performance.now() - started) / 1000);
      started = 0;
    };
    query.handle = () => {
      if (!query.executed && started === 0) {
        started = performance.now();
        observer.started();
      }
      return handle.call(query);
    };
    query.resolve = (value) => {
      finish();
      resolve.call(query, value);
    };
    query.reject = (error) => {
      finish();
      reject.call(query, error);
    };
    return result;
  };

  return new Proxy(sql, {
    apply: (target, thisArg, args: unknown[]) => watch(Reflect.apply(target, thisArg, args)),
    get: (target, property, receiver) => {
      if (property === 'unsafe') return (...args: Parameters<postgres.Sql['unsafe']>) => watch(target.unsafe(...args));
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return ((target as postgres.Sql).begin as (...a: unknown[]) => Promise<unknown>)(...args, (tx: postgres.TransactionSql) => work(timed(tx, observer)));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
