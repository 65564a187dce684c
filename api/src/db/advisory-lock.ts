import type postgres from 'postgres';
import type { Database } from './client.js';

/** The lock did not come within the timeout (another holder kept it). */
export class AdvisoryLockTimeoutError extends Error {
  constructor(readonly key: string) {
    super(`The advisory lock "${key}" was not granted in time`);
  }
}

const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Runs `fn` while holding the session-level advisory lock named `key`, taken on a connection
 * reserved from the pool for that time. Unlike `pg_advisory_xact_lock`, no transaction stays open
 * while `fn` runs, so `fn` may call the network (a payment processor) between its own short
 * transactions without holding a snapshot, row locks or an "idle in transaction" connection.
 * `fn` runs its queries on `db` as usual: the reserved connection only holds the lock.
 *
 * The lock ends with the session: if the process dies, PostgreSQL drops it. Waiters give up after
 * `timeoutMs` (AdvisoryLockTimeoutError), since each waits on a pool connection.
 */
export async function withAdvisoryLock<T>(db: Database, key: string, options: { timeoutMs: number }, fn: () => Promise<T>): Promise<T> {
  const client = (db as Database & { $client?: postgres.Sql }).$client;
  if (typeof client?.reserve !== 'function') throw new Error('withAdvisoryLock needs a database opened by createDatabase (postgres.js)');
  const connection = await client.reserve();
  try {
    try {
      // The wait is bounded by `timeoutMs` alone, not by the pool's statement_timeout.
      await connection`select set_config('lock_timeout', ${String(Math.max(1, Math.floor(options.timeoutMs)))}, false), set_config('statement_timeout', '0', false)`;
      await connection`select pg_advisory_lock(hashtextextended(${key}, 0))`;
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new AdvisoryLockTimeoutError(key);
      throw error;
    } finally {
      // The connection goes back to the pool afterwards: leave its settings as they were.
      await connection`reset lock_timeout`.catch(() => undefined);
      await connection`reset statement_timeout`.catch(() => undefined);
    }
    try {
      return await fn();
    } finally {
      // Fails only when the connection is gone, and PostgreSQL has then dropped the lock with the
      // session; `fn`'s outcome (a payment made) must not be replaced by that error.
      await connection`select pg_advisory_unlock(hashtextextended(${key}, 0))`.catch(() => undefined);
    }
  } finally {
    connection.release();
  }
}
