import { join } from 'node:path';
import pino from 'pino';
import { createDiskFileStore } from './lib/storage/file-store.js';
import { buildApp } from './app.js';
import { loadConfigOrExit, workspaceRoot } from './config.js';
import { seedReferenceData } from './db/seed/reference-data.js';
import { seedDemoAccounts, workingDemoAccounts, type DemoAccount } from './db/seed/demo-accounts.js';
import { isCatalogueEmpty, seedDemoCatalogue } from './db/seed/demo-catalogue.js';
import { JOBS } from './jobs/registry.js';
import { startJobRunner } from './jobs/job-runner.js';
import { ensureIndex } from './modules/search/index-settings.js';
import { createSearchIndexer } from './modules/search/indexer.js';
import { startSearchSync } from './modules/search/sync-worker.js';
import { openRuntime } from './runtime.js';
import { buildWebServer } from './web-server.js';

/** `npm start`: embedded services (unless configured), migrations, seed, API, worker and website. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = pino({ level: config.logLevel });
  const log = {
    info: (m: string) => logger.info(m),
    warn: (m: string) => logger.warn(m),
    error: (m: string) => logger.error(m),
  };

  const cleanups: Array<() => Promise<void>> = [];
  let shuttingDown = false;
  const shutdown = async (reason: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`Shutting down (${reason})...`);
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log.error(`shutdown step failed: ${(error as Error).message}`);
      }
    }
    log.info('Stopped.');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        log.warn('Second signal: exiting now.');
        process.exit(130);
      }
      void shutdown(signal, 0);
    });
  }

  let embedded = false;
  let demoAccounts: DemoAccount[] = [];
  try {
    if (config.serveApi) {
      const runtime = await openRuntime(config, log);
      cleanups.push(runtime.close);
      for (const line of runtime.services.started) log.info(`Started embedded ${line}`);
      embedded = runtime.services.started.length > 0;

      await seedReferenceData(runtime.database.db, log);
      if (config.demoAccounts) {
        await seedDemoAccounts(runtime.database.db, config.dataDir, log);
        demoAccounts = await workingDemoAccounts(runtime.database.db, config.dataDir);
      }
      const files = createDiskFileStore(config.filesDir);
      if (config.seedDemo && (await isCatalogueEmpty(runtime.database.db))) await seedDemoCatalogue(runtime.database.db, files, log);

      const jobs = await startJobRunner({
        databaseUrl: runtime.services.databaseUrl,
        jobs: JOBS,
        deps: { db: runtime.database.db, search: runtime.search, config },
        work: config.runWorker,
        log,
      });
      cleanups.push(jobs.stop);

      if (config.runWorker) {
        // Index settings are applied at start (idempotent), then the outbox is drained as
        // changes commit. Neither blocks the start: with Meilisearch down, the sync retries.
        const indexer = createSearchIndexer({ db: runtime.database.db, search: runtime.search, indexPrefix: config.search.indexPrefix });
        void ensureIndex(runtime.search, indexer.indexUid).catch((error: Error) =>
          log.warn(`Search index settings not applied yet (${error.message}); the search sync will retry.`),
        );
        const searchSync = await startSearchSync({ sql: runtime.database.sql, indexer, log });
        cleanups.push(searchSync.stop);
      }

      const api = await buildApp({ config, database: runtime.database, search: runtime.search, files, jobs }, { loggerInstance: logger });
      cleanups.push(() => api.close());
      await api.listen({ host: config.host, port: config.apiPort });
    }

    if (config.serveWeb) {
      const web = await buildWebServer({
        root: join(workspaceRoot(), 'web', 'dist'),
        apiUrl: config.publicApiUrl,
        cdnUrl: config.publicCdnUrl,
        links: config.siteLinks,
        captchaProvider: config.captcha?.provider,
      });
      cleanups.push(() => web.close());
      await web.listen({ host: config.host, port: config.webPort });
    }

    const banner = [
      '',
      '  Cairn is running.',
      config.serveWeb ? `  Site:     ${config.publicSiteUrl}` : '  Site:     (not served by this process: SERVE_WEB=false)',
      config.serveApi ? `  API:      ${config.publicApiUrl}/v2/` : `  API:      ${config.publicApiUrl}/v2/ (served elsewhere)`,
      `  API docs: ${config.publicApiUrl}/v2/docs`,
      `  Data:     ${embedded ? config.dataDir : 'external services (DATABASE_URL / MEILISEARCH_URL)'}`,
      `  Mail:     ${config.mail.smtpUrl ? 'sent through SMTP_URL' : 'kept in the mail_outbox table, links also logged (set SMTP_URL to send)'}`,
      ...(demoAccounts.length
        ? ['  Demo accounts (for trying Cairn out; DEMO_ACCOUNTS=false to skip):', ...demoAccounts.map((a) => `    ${a.username.padEnd(15)} ${a.password}  (${a.role})`)]
        : []),
      '  Press Ctrl-C to stop.',
      '',
    ];
    console.log(banner.join('\n'));
  } catch (error) {
    log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await shutdown('start-up failed', 1);
  }
}

void main();
