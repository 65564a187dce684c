import { z } from 'zod';
import { optionalUrl } from './env-values.js';

const ms = (fallback: number) => z.coerce.number().int().min(0).max(86_400_000).default(fallback);

/** PostgreSQL: an external server, or (unset) the embedded one. Timeouts in milliseconds, 0 = none. */
export const databaseSchema = z.object({
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: ms(5_000),
  /** How long a request's query may wait for a free connection before the request fails with 503. */
  DATABASE_ACQUIRE_TIMEOUT_MS: ms(1_000),
  DATABASE_IDLE_TIMEOUT_MS: ms(300_000),
  DATABASE_STATEMENT_TIMEOUT_MS: ms(15_000),
  DATABASE_LOCK_TIMEOUT_MS: ms(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(60_000),
  /** The worker's jobs and the CLI (backups, restores, reindexing): 0 = no limit. */
  DATABASE_JOB_STATEMENT_TIMEOUT_MS: ms(0),
});

export type DatabaseEnv = z.infer<typeof databaseSchema>;

/** Limits of one connection pool, in milliseconds; 0 turns a limit off. */
export interface DatabaseLimits {
  /** Opening a connection (TCP, TLS, authentication). */
  connectTimeoutMs: number;
  /** How long a query may wait for a connection of the pool before it fails. */
  acquireTimeoutMs: number;
  /** Closing connections unused this long. */
  idleTimeoutMs: number;
  /** PostgreSQL's `statement_timeout`, `lock_timeout` and `idle_in_transaction_session_timeout`. */
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export interface DatabaseSection {
  database: {
    url: string | undefined;
    poolSize: number;
    /** Limits of the pool that serves requests. */
    requests: DatabaseLimits;
    /** Limits of the pools that run jobs and admin commands, which may legitimately take long. */
    jobs: DatabaseLimits;
  };
}

export function databaseSection(env: DatabaseEnv): DatabaseSection {
  const requests: DatabaseLimits = {
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
    idleTimeoutMs: env.DATABASE_IDLE_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
  const jobs: DatabaseLimits = {
    ...requests,
    // A job's query may wait its turn behind another job's long one.
    acquireTimeoutMs: 0,
    statementTimeoutMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: 0,
  };
  return { database: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, requests, jobs } };
}
