import { join } from 'node:path';
import pino from 'pino';
import { createFileStore } from './lib/storage/create-file-store.js';
import { buildApp } from './app.js';
import { loadConfigOrExit, workspaceRoot } from './config.js';
import { seedReferenceData } from './db/seed/reference-data.js';
import { seedDemoAccounts, workingDemoAccounts, type DemoAccount } from './db/seed/demo-accounts.js';
import { isCatalogueEmpty, seedDemoCatalogue } from './db/seed/demo-catalogue.js';
import { seedDemoRevenue } from './db/seed/demo-revenue.js';
import { openRuntime } from './runtime.js';
import { createDatabase } from './db/client.js';
import { startEmbeddedNodeAgent } from './embedded/node-agent.js';
import { startEmbeddedSandbox } from './embedded/sandbox.js';
import { buildWebServer } from './web-server.js';
import { buildWorker } from './worker.js';
import { createPaymentProvider } from './modules/billing/providers/create-provider.js';
import { isDatabaseUnavailable } from './lib/pg-errors.js';
import { startMetricsListener } from './observability/metrics-listener.js';
import { startTracing, tracingEnvironment } from './observability/tracing.js';

/** `npm start`: embedded services (unless configured), migrations, seed, then the roles this process has: API, worker, website. */
async function main(): Promise<void> {
  let config = loadConfigOrExit();
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

  // pg-boss 10 records a job's completion or failure without awaiting it, so a database that went
  // away mid-job surfaces here; the job is retried once it expires. Anything else still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn(`database unavailable in the background: ${(reason as Error).message}`);
      return;
    }
    log.error(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));
    void shutdown('unhandled rejection', 1);
  });

  let embedded = false;
  let nodeAgentLine = config.nodeAgent.url ? `${config.nodeAgent.url} (NODE_AGENT_URL)` : '(none: NODE_AGENT_EMBEDDED=false)';
  let demoAccounts: DemoAccount[] = [];
  try {
    if (config.serveApi || config.runWorker) {
      // Before any client is built: each decides when it is built whether to trace (docs/operations.md, "Tracing").
      const tracing = await startTracing(config.tracing, config.serveApi ? 'cairn-api' : 'cairn-worker', log.warn);
      if (tracing) {
        cleanups.push(tracing.shutdown);
        log.info(`Tracing: spans sent to ${config.tracing?.url} (${config.tracing?.protocol})`);
      }
      const runtime = await openRuntime(config, log, { workload: config.serveApi ? 'requests' : 'jobs' });
      cleanups.push(runtime.close);
      // Seeds and jobs may run long: beside the API they get a pool without its time limits.
      const jobDatabase = config.serveApi
        ? createDatabase(runtime.services.databaseUrl, { poolSize: config.database.poolSize, applicationName: 'cairn-worker', ...config.database.jobs })
        : runtime.database;
      if (jobDatabase !== runtime.database) cleanups.push(jobDatabase.close);
      for (const line of runtime.services.started) log.info(`Started embedded ${line}`);
      embedded = runtime.services.started.length > 0;

      if (config.serveApi && !config.nodeAgent.url && config.nodeAgent.embedded) {
        // The servers module will reach it through agent.url + agent.token, like an external node.
        const agent = await startEmbeddedNodeAgent({
          dir: join(config.dataDir, 'node-agent'),
          entry: join(workspaceRoot(), 'node-agent', 'dist', 'src', 'main.js'),
          isolation: config.nodeAgent.isolation,
          log,
          env: tracingEnvironment(config.tracing),
        });
        cleanups.push(agent.stop);
        config = { ...config, nodeAgent: { ...config.nodeAgent, url: agent.url, token: agent.token } };
        const { isolation } = agent;
        const confinement = isolation.enabled
          ? `servers isolated: ${isolation.mechanism}${isolation.cgroup_version ? `, cgroup ${isolation.cgroup_version}` : ', no cgroup limits'}`
          : 'SERVERS NOT ISOLATED';
        nodeAgentLine = `${agent.url} (local agent, ${confinement}; data in ${join(config.dataDir, 'node-agent')})`;
        for (const warning of isolation.warnings) log.warn(`Node agent: ${warning}`);
      }

      // One local processor serves billing's payments and creators' withdrawals unless either has an external one.
      const payoutsNeedSandbox = config.revenue.provider.kind === 'sandbox' && !config.revenue.provider.url;
      if ((config.payments.provider === 'sandbox' && !config.payments.sandbox) || payoutsNeedSandbox) {
        const apiHost = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
        const sandbox = await startEmbeddedSandbox({
          dir: join(config.dataDir, 'sandbox'),
          log,
          webhookUrl: `http://${apiHost}:${config.apiPort}/v2/billing/_webhook`,
          payoutWebhookUrl: `http://${apiHost}:${config.apiPort}/v2/payout/_sandbox`,
          allowedOrigins: config.webOrigins,
        });
        cleanups.push(sandbox.stop);
        log.info(`Started embedded payments and payouts sandbox on ${sandbox.url}`);
        const local = { url: sandbox.url, secretKey: sandbox.secretKey, webhookSecret: sandbox.webhookSecret };
        config = {
          ...config,
          payments: config.payments.provider === 'sandbox' && !config.payments.sandbox ? { provider: 'sandbox', sandbox: { ...local, publicUrl: sandbox.url } } : config.payments,
          revenue: payoutsNeedSandbox ? { ...config.revenue, provider: { kind: 'sandbox', ...local } } : config.revenue,
        };
      }

      const files = await createFileStore(config);
      // One payment provider for the process: the API's billing routes and the worker's billing jobs share it.
      const payments = await createPaymentProvider(config.payments);
      if (config.serveApi) {
        // Seeds belong to the API process, so a separate worker never races it.
        await seedReferenceData(jobDatabase.db, log);
        if (config.demoAccounts) {
          await seedDemoAccounts(jobDatabase.db, config.dataDir, log);
          demoAccounts = await workingDemoAccounts(jobDatabase.db, config.dataDir);
        }
        if (config.seedDemo && (await isCatalogueEmpty(jobDatabase.db))) {
          await seedDemoCatalogue(jobDatabase.db, files, config, log);
          await seedDemoRevenue(jobDatabase.db, config.revenue, log);
        }
      }

      const worker = await buildWorker({ config, database: jobDatabase, databaseUrl: runtime.services.databaseUrl, search: runtime.search, files, payments, log });
      cleanups.push(worker.stop);

      if (config.metrics.listener) {
        const metrics = await startMetricsListener({ ...config.metrics.listener, token: config.metrics.token });
        cleanups.push(metrics.close);
        log.info(`Metrics served on ${metrics.url}/metrics (METRICS_PORT)`);
      }

      if (config.serveApi) {
        const api = await buildApp({ config, database: runtime.database, search: runtime.search, files, payments, jobs: worker.jobs }, { loggerInstance: logger });
        cleanups.push(() => api.close());
        await api.listen({ host: config.host, port: config.apiPort });
      }
    }

    if (config.serveWeb) {
      const web = await buildWebServer({
        root: join(workspaceRoot(), 'web', 'dist'),
        apiUrl: config.publicApiUrl,
        cdnUrl: config.publicCdnUrl,
        imageProxyUrl: config.imageProxy.publicUrl,
        links: config.siteLinks,
        captchaProvider: config.captcha?.provider,
        paymentsUrl: config.payments.provider === 'sandbox' ? config.payments.sandbox?.publicUrl : undefined,
        nodeUrls: [...(config.nodeAgent.url ? [config.nodeAgent.url] : []), ...config.servers.nodePublicUrls],
      });
      cleanups.push(() => web.close());
      await web.listen({ host: config.host, port: config.webPort });
    }

    const banner = [
      '',
      '  Cairn is running.',
      config.serveWeb ? `  Site:     ${config.publicSiteUrl}` : '  Site:     (not served by this process: SERVE_WEB=false)',
      config.serveApi ? `  API:      ${config.publicApiUrl}/v2/` : `  API:      ${config.publicApiUrl}/v2/ (served elsewhere)`,
      `  Worker:   ${config.runWorker ? 'jobs and search sync run in this process' : '(runs elsewhere: RUN_WORKER=false)'}`,
      `  API docs: ${config.publicApiUrl}/v2/docs`,
      `  Data:     ${embedded ? config.dataDir : 'external services (DATABASE_URL / MEILISEARCH_URL)'}`,
      `  Files:    ${config.fileStore.kind === 's3' ? `S3 bucket ${config.fileStore.bucket}${config.fileStore.endpoint ? ` at ${config.fileStore.endpoint}` : ''}` : config.filesDir}`,
      `  Nodes:    ${nodeAgentLine}`,
      `  Mail:     ${config.mail.smtpUrl ? 'sent through SMTP_URL' : 'kept in the mail_outbox table, links also logged (set SMTP_URL to send)'}`,
      ...(demoAccounts.length
        ? ['  Demo accounts (for trying Cairn out; DEMO_ACCOUNTS=false to skip):', ...demoAccounts.map((a) => `    ${a.username.padEnd(15)} ${a.password}  (${a.role})`)]
        : []),
      '  Press Ctrl-C to stop.',
      '',
    ];
    // Production output stays one JSON object per line, for log collectors.
    if (config.env === 'production') logger.info({ banner: banner.map((line) => line.trim()).filter(Boolean) }, 'Cairn is running');
    else console.log(banner.join('\n'));
  } catch (error) {
    log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await shutdown('start-up failed', 1);
  }
}

void main();
