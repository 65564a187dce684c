import type { Config } from './config.js';
import type { DatabaseClient } from './db/client.js';
import type { Logger } from './embedded/process-utils.js';
import type { SearchClient } from './lib/search-client.js';
import type { FileStore } from './lib/storage/file-store.js';
import { startJobRunner, type JobRunner } from './lib/jobs/job-runner.js';
import type { PaymentProvider } from './modules/billing/providers/payment-provider.js';
import { JOBS } from './worker/jobs.js';
import { ensureIndex } from './modules/search/index-settings.js';
import { createSearchIndexer } from './modules/search/indexer.js';
import { startSearchSync } from './modules/search/sync-worker.js';
import { malwareRuleSet } from './modules/malware-scan/malware-scan.jobs.js';
import { RULESET_CHECK_JOB } from './modules/malware-scan/file-scans.port.js';

export interface WorkerDeps {
  config: Config;
  database: DatabaseClient;
  /** The connection string pg-boss opens its own pool with. */
  databaseUrl: string;
  search: SearchClient;
  files: FileStore;
  /** Billing's payment processor, built once for the process (undefined: billing unavailable). */
  payments: PaymentProvider | undefined;
  log: Logger;
}

export interface Worker {
  /** The job queue; an API in the same process enqueues through it (mail delivery). */
  jobs: JobRunner;
  stop(): Promise<void>;
}

/**
 * The background side of Cairn, beside `buildApp`: the job queue always (the API enqueues
 * through it), and with `config.runWorker` the job handlers, their schedules and the search
 * sync. A process may run the API, the worker or both (`SERVE_API`, `RUN_WORKER`).
 */
export async function buildWorker(deps: WorkerDeps): Promise<Worker> {
  const { config, database, search, log } = deps;
  const jobs = await startJobRunner({
    databaseUrl: deps.databaseUrl,
    jobs: JOBS,
    deps: { db: database.db, search, config, files: deps.files, payments: deps.payments },
    work: config.runWorker,
    log,
  });
  if (!config.runWorker) return { jobs, stop: () => jobs.stop() };

  try {
    // Rules that do not compile stop the start with the compiler's message, instead of failing every upload's scan.
    const rules = await malwareRuleSet(config)();
    log.info(`Malware rules: ${rules.ruleCount} rules, rule set ${rules.version}`);
    // A rule set without a catalogue re-scan (new rules, or the first start) starts one now.
    await jobs.send(RULESET_CHECK_JOB, {});
    // Index settings are applied at start (idempotent), then the outbox is drained as changes
    // commit. Neither blocks the start: with Meilisearch down, the sync retries.
    const indexer = createSearchIndexer({ db: database.db, search, indexPrefix: config.search.indexPrefix });
    void ensureIndex(search, indexer.indexUid).catch((error: Error) =>
      log.warn(`Search index settings not applied yet (${error.message}); the search sync will retry.`),
    );
    const searchSync = await startSearchSync({ sql: database.sql, indexer, log });
    return {
      jobs,
      stop: async () => {
        await searchSync.stop();
        await jobs.stop();
      },
    };
  } catch (error) {
    await jobs.stop();
    throw error;
  }
}
