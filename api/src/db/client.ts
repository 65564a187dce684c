import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { DatabaseLimits } from '../config/database.js';
import { observeQueries } from '../observability/database-metrics.js';
import { traceQueries } from '../observability/tracing.js';
import { preferPreparedStatements } from './prepared-statements.js';

export type Database = PostgresJsDatabase;
/** A transaction handle; repositories accept either this or the Database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseClient {
  db: Database;
  sql: postgres.Sql;
  close(): Promise<void>;
}

/** Limits of one pool, in milliseconds; 0 turns a limit off. */
export type PoolLimits = DatabaseLimits;

export interface DatabaseOptions extends Partial<PoolLimits> {
  poolSize?: number;
  applicationName?: string;
}

/** A query gave up waiting for a connection: the pool was busy or could not reach the server. */
export class PoolTimeoutError extends Error {
  readonly code = 'POOL_TIMEOUT';
  constructor(waitedMs: number) {
    super(`no database connection within ${waitedMs} ms`);
    this.name = 'PoolTimeoutError';
  }
}

/**
 * Delay before reconnecting after a failed connection (seconds). The driver's default grows
 * to 20 s after a few failures, and queries queued meanwhile wait that long.
 */
const reconnectBackoff = (retries: number): number => Math.min(0.05 * 2 ** retries, 0.5) * (0.5 + Math.random() / 2);

/** Opens a pool. Nothing connects until the first query. */
export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseClient {
  const seconds = (ms: number | undefined) => (ms ? ms / 1000 : undefined);
  // Sent in the startup message, so they hold on every connection. As strings: the driver drops
  // falsy values, and '0' must still override a limit set on the role or database.
  const serverLimits: Record<string, string> = {
    ...(options.statementTimeoutMs !== undefined && { statement_timeout: String(options.statementTimeoutMs) }),
    ...(options.lockTimeoutMs !== undefined && { lock_timeout: String(options.lockTimeoutMs) }),
    ...(options.idleInTransactionTimeoutMs !== undefined && {
      idle_in_transaction_session_timeout: String(options.idleInTransactionTimeoutMs),
    }),
  };
  const raw = postgres(url, {
    max: options.poolSize ?? 10,
    onnotice: () => {},
    backoff: reconnectBackoff,
    ...(options.connectTimeoutMs && { connect_timeout: seconds(options.connectTimeoutMs) }),
    ...(options.idleTimeoutMs && { idle_timeout: seconds(options.idleTimeoutMs) }),
    connection: { application_name: options.applicationName ?? 'cairn-api', ...(serverLimits as Partial<postgres.ConnectionParameters>) },
  });
  const bounded = options.acquireTimeoutMs ? boundedWaits(raw, options.acquireTimeoutMs) : raw;
  const sql = traceQueries(observeQueries(bounded, options.applicationName ?? 'cairn-api'));
  const db = drizzle({ client: preferPreparedStatements(sql), casing: 'snake_case' });
  return { db, sql, close: () => raw.end({ timeout: 5 }) };
}

/** The driver's query object, as far as the wait bound needs it. */
interface DriverQuery {
  /** Set once the query was handed to a connection. */
  state: unknown;
  /** Whether it is the statement its connection is running now. */
  active: boolean;
  executed: boolean;
  strings: readonly string[];
  args: unknown[];
  handle(): Promise<void>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function isDriverQuery(value: unknown): value is DriverQuery {
  return value instanceof Promise && 'state' in value && 'strings' in value && typeof (value as { handle?: unknown }).handle === 'function';
}

/**
 * postgres.js queues a query while every connection is busy or reconnecting, or appends it to a
 * busy connection's pipeline, with no limit on the wait. This bounds it: a query not running
 * `limitMs` after it was sent fails with PoolTimeoutError. One still queued is neutralised
 * rather than cancelled (the driver leaves a connection stuck when the query it was opened for
 * is cancelled): if a connection takes it later it runs `select 1`, so its write never happens.
 * One already in a pipeline is on the wire and still runs (like any statement whose caller
 * timed out). A transaction that had not begun is abandoned: it rolls back without running, and
 * a connection reserved too late goes straight back to the pool.
 */
function boundedWaits(sql: postgres.Sql, limitMs: number): postgres.Sql {
  const bound = <T>(result: T): T => {
    // Fragments nested in another query are never sent themselves, so the clock starts on send.
    if (!isDriverQuery(result)) return result;
    const query = result;
    const { handle, resolve, reject } = query;
    let timer: NodeJS.Timeout | undefined;
    query.handle = () => {
      timer ??= setTimeout(() => {
        // Running on the server: statement_timeout is its limit.
        if (query.active) return;
        if (!query.state) {
          query.strings = ['select 1'];
          query.args = [];
        }
        query.reject(new PoolTimeoutError(limitMs));
      }, limitMs);
      return handle.call(query);
    };
    query.resolve = (value) => {
      clearTimeout(timer);
      resolve.call(query, value);
    };
    query.reject = (error) => {
      clearTimeout(timer);
      reject.call(query, error);
    };
    return result;
  };

  const begin = (...args: unknown[]): Promise<unknown> => {
    const work = args.pop() as (tx: postgres.TransactionSql) => unknown;
    let abandoned = false;
    let started = false;
    const transaction = (sql.begin as (...a: unknown[]) => Promise<unknown>)(...args, (tx: postgres.TransactionSql) => {
      // Its caller already failed: roll back without doing anything.
      if (abandoned) throw new PoolTimeoutError(limitMs);
      started = true;
      return work(tx);
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (started) return;
        abandoned = true;
        transaction.catch(() => {});
        reject(new PoolTimeoutError(limitMs));
      }, limitMs);
    });
    return Promise.race([transaction, timeout]).finally(() => clearTimeout(timer));
  };

  const reserve = (): Promise<postgres.ReservedSql> => {
    let abandoned = false;
    const reservation = sql.reserve();
    reservation.then(
      (connection) => abandoned && connection.release(),
      () => {},
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abandoned = true;
        reject(new PoolTimeoutError(limitMs));
      }, limitMs);
    });
    return Promise.race([reservation, timeout]).finally(() => clearTimeout(timer));
  };

  return new Proxy(sql, {
    apply: (target, thisArg, args: unknown[]) => bound(Reflect.apply(target, thisArg, args)),
    get: (target, property, receiver) => {
      if (property === 'unsafe') return (...args: Parameters<postgres.Sql['unsafe']>) => bound(target.unsafe(...args));
      if (property === 'begin') return begin;
      if (property === 'reserve') return reserve;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
