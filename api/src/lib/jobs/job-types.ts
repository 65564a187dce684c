import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SearchClient } from '../search-client.js';
import type { FileStore } from '../storage/file-store.js';

/** Enqueues jobs; what the API, the CLI and modules are given. */
export interface JobQueue {
  /** Enqueue a job by queue name (works even when this process runs no worker). */
  send<Data extends object>(name: string, data: Data, options?: PgBoss.SendOptions): Promise<string | null>;
}

/** One kind of background job: a queue, an optional cron schedule and its handler. */
export interface JobDefinition<Deps, Data extends object = object> {
  name: string;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
  /** Upper bound of jobs handed to one handler call. */
  batchSize?: number;
  /** `queue` lets a handler enqueue follow-up jobs (e.g. inside its own transaction). */
  handle(deps: Deps, jobs: Array<PgBoss.Job<Data>>, queue?: JobQueue): Promise<void>;
}

/**
 * What every job handler may use. A module whose jobs need more (billing's payment provider)
 * extends it in its `*.jobs.ts`; the worker hands one object with all of it to every job.
 */
export interface JobDeps {
  db: Database;
  search: SearchClient;
  config: Config;
  files: FileStore;
  /**
   * The time jobs that decide by the clock read (server schedules); the system clock when unset.
   * Tests give a worker a moved clock to make a cron time due without waiting for it.
   */
  clock?: () => Date;
}
