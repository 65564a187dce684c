import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, workspaceRoot, type Config } from '../src/config.js';
import { createDiskFileStore, type FileStore } from '../src/lib/storage/file-store.js';
import { createFileStore } from '../src/lib/storage/create-file-store.js';
import { createDatabase, type DatabaseClient } from '../src/db/client.js';
import { createSearchClient, type SearchClient } from '../src/lib/search-client.js';
import { databaseUrlFor, dropDatabase, recreateDatabase } from './database-admin.js';
import { startJobRunner, type JobRunner } from '../src/lib/jobs/job-runner.js';
import { JOBS } from '../src/worker/jobs.js';
import { createPaymentProvider } from '../src/modules/billing/providers/create-provider.js';
import { silentLogger } from '../src/embedded/process-utils.js';
import { installResponseContractCheck } from './contract/response-contract-check.js';
import { startTestSandbox, type TestSandbox } from './billing/sandbox-harness.js';
import type { Clock } from '../src/modules/billing/billing-time.js';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseClient;
  search: SearchClient;
  files: FileStore;
  /** The folder the disk file store keeps its blobs in (this file's own; unused with FILE_STORE=s3). */
  filesDir: string;
  jobs: JobRunner | undefined;
  /** This file's in-memory payments sandbox (webhooks are kept until drained). */
  sandbox: TestSandbox;
  /** Closes the app and clients, drops this file's database and search indexes. */
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Extra environment for loadConfig (e.g. WEB_ORIGINS). */
  env?: Record<string, string>;
  /** Register extra routes before the app is ready (error-handler tests). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** A Meilisearch of the test's own instead of the shared one (outage tests). */
  search?: { url: string; key: string };
  /**
   * Run the job worker (pg-boss in this file's database) and give the app its queue; `'queue'`
   * gives the app the queue without running the handlers (tests run them directly).
   */
  jobs?: boolean | 'queue';
  /** Billing's clock (and the sandbox's), so tests can move time. */
  clock?: Clock;
}

/**
 * One isolated world per test file: a database cloned from the migrated, seeded template,
 * its own Meilisearch index prefix, and the real app on top (exercised with app.inject).
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const suffix = randomBytes(5).toString('hex');
  const databaseName = `cairn_test_${suffix}`;
  const serverUrl = inject('databaseUrl');
  const adminUrl = databaseUrlFor(serverUrl, 'postgres');
  await recreateDatabase(adminUrl, databaseName, inject('templateDatabase'));

  const databaseUrl = databaseUrlFor(serverUrl, databaseName);
  const clock = options.clock;
  // The sandbox keeps real time: its webhook signatures are checked against the real clock.
  const sandbox = await startTestSandbox();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    MEILISEARCH_URL: options.search?.url ?? inject('searchUrl'),
    MEILISEARCH_KEY: options.search?.key ?? inject('searchKey'),
    MEILISEARCH_INDEX_PREFIX: `t${suffix}_`,
    RUN_WORKER: 'false',
    SERVE_WEB: 'false',
    SANDBOX_URL: sandbox.url,
    SANDBOX_SECRET_KEY: sandbox.secretKey,
    SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret,
    // Tests read the index right after changing it; the answer cache has its own test (search.test.ts).
    SEARCH_CACHE_MS: '0',
    ...options.env,
  });
  const database = createDatabase(databaseUrl, { poolSize: 5 });
  const search = createSearchClient(options.search ?? { url: inject('searchUrl'), key: inject('searchKey') });
  const filesDir = join(workspaceRoot(), '.data', 'test-files', suffix);
  // FILE_STORE=s3 in options.env points the app at the test's own S3-compatible server.
  const files = config.fileStore.kind === 's3' ? await createFileStore(config) : createDiskFileStore(filesDir);
  // One payment provider for the app and the job handlers, as `npm start` builds it (the sandbox above, or Stripe when env says so).
  const payments = await createPaymentProvider(config.payments);
  const jobs = options.jobs
    ? await startJobRunner({ databaseUrl, jobs: JOBS, deps: { db: database.db, search, config, files, payments }, work: options.jobs === true, log: silentLogger })
    : undefined;
  let contractCheck: ReturnType<typeof installResponseContractCheck> | undefined;
  const app = await buildApp(
    { config, database, search, files, payments, jobs, billingClock: clock },
    { logger: false, instrument: (bare) => (contractCheck = installResponseContractCheck(bare)) },
  );
  await options.beforeReady?.(app);
  await app.ready();

  return {
    app,
    config,
    database,
    search,
    files,
    filesDir,
    jobs,
    sandbox,
    close: async () => {
      await app.close();
      await sandbox.close();
      await jobs?.stop();
      await database.close();
      await dropDatabase(adminUrl, databaseName);
      await rm(filesDir, { recursive: true, force: true });
      const { results } = await search.getIndexes({ limit: 1000 });
      for (const index of results.filter((i) => i.uid.startsWith(config.search.indexPrefix))) {
        await search.deleteIndex(index.uid).waitTask();
      }
      // Last, so a violation does not leak this file's database and indexes.
      await contractCheck!.report();
    },
  };
}
