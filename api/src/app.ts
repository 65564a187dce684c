import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseClient } from './db/client.js';
import type { SearchClient } from './lib/search-client.js';
import type { FileStore } from './lib/storage/file-store.js';
import { apiVersion } from './lib/version.js';
import { relayCatalogueNotifications } from './lib/catalogue-events.js';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.js';
import { validatorCompiler } from './plugins/validation.js';
import { httpSecurityPlugin } from './plugins/http-security.js';
import { openApiPlugin } from './plugins/openapi.js';
import { authPlugin } from './plugins/auth.js';
import { metaModule } from './modules/meta/index.js';
import { tagsModule } from './modules/tags/index.js';
import { patsModule } from './modules/pats/index.js';
import { oauthModule } from './modules/oauth/index.js';
import { cdnModule } from './modules/cdn/index.js';
import { usersModule } from './modules/users/index.js';
import { sessionsModule } from './modules/sessions/index.js';
import { authModule } from './modules/auth/index.js';
import type { JobQueue } from './lib/jobs/job-types.js';
import { createMailer } from './lib/mail/create-mailer.js';
import { createCaptchaVerifier } from './lib/captcha.js';
import { projectsModule } from './modules/projects/index.js';
import { teamsModule } from './modules/teams/index.js';
import { organizationsModule } from './modules/organizations/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { versionsModule } from './modules/versions/index.js';
import { dependencyPlanModule } from './modules/dependency-plan/index.js';
import { versionDiffsModule } from './modules/version-diffs/index.js';
import { statisticsModule } from './modules/statistics/index.js';
import { searchModule } from './modules/search/index.js';
import { feedsModule } from './modules/feeds/index.js';
import { imagesModule } from './modules/images/index.js';
import { imageProxyModule } from './modules/image-proxy/index.js';
import { webhooksModule } from './modules/webhooks/index.js';
import { malwareScanModule } from './modules/malware-scan/index.js';
import { moderationModule } from './modules/moderation/index.js';
import { reviewChecksModule } from './modules/review-checks/index.js';
import { reportsModule } from './modules/reports/index.js';
import { threadsModule } from './modules/threads/index.js';
import { collectionsModule } from './modules/collections/index.js';
import { payoutsModule } from './modules/payouts/index.js';
import { analyticsModule } from './modules/analytics/index.js';
import { createCountryLookup } from './modules/analytics/geoip.js';
import { billingModule } from './modules/billing/index.js';
import { serverPurchases, serversModule } from './modules/servers/index.js';
import { pingSettingsOf, serverListingsModule } from './modules/server-listings/index.js';
import type { PaymentProvider } from './modules/billing/providers/payment-provider.js';
import type { Clock } from './modules/billing/billing-time.js';
import { createFileTokens } from './lib/file-tokens.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { metricsPlugin } from './observability/metrics-plugin.js';
import { traceRequests } from './observability/tracing.js';

export interface AppDeps {
  config: Config;
  database: DatabaseClient;
  search: SearchClient;
  files: FileStore;
  /** The job queue (mail delivery when SMTP is configured); `npm start` passes its runner. */
  jobs?: JobQueue;
  /** Billing's payment processor, built once per process (`createPaymentProvider(config.payments)`; undefined: billing unavailable). */
  payments: PaymentProvider | undefined;
  /** Billing's clock (tests move time). */
  billingClock?: Clock;
}

export interface AppOverrides {
  /** Fastify logger options (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger to share with the rest of the process. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Called on the bare instance before any plugin, so its hooks reach every route (the test harness's response checks). */
  instrument?: (app: FastifyInstance) => void;
}

/** Builds the API (never listens). The caller owns the database and search clients. */
export async function buildApp(deps: AppDeps, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(overrides.loggerInstance
      ? { loggerInstance: overrides.loggerInstance }
      : { logger: overrides.logger ?? { level: config.logLevel } }),
    bodyLimit: config.bodyLimit,
    // Never trust a client-supplied request id; ours is echoed in `x-request-id`.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // One log line per request, written by the metrics plugin with the route template and status.
    logController: new LogController({ disableRequestLogging: true }),
    // sha512 hashes (128 hex) appear in paths (files, hash lookups).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // Without proxies, the socket's address as it is (a hop count makes every `request.ip` parse X-Forwarded-For).
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so every later hook and handler runs inside the request's span.
  traceRequests(app);
  overrides.instrument?.(app);

  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, { db: deps.database.db, token: config.metrics.token, observe: config.metrics.token !== undefined || config.metrics.listener !== undefined });
  await app.register(httpSecurityPlugin, { webOrigins: config.webOrigins, restrictedCors: { '/v2/analytics/view': config.analytics.viewOrigins } });
  await app.register(openApiPlugin, { version: apiVersion(), publicApiUrl: config.publicApiUrl });

  const db = deps.database.db;
  // Committed catalogue changes from every process evict cached public data here.
  const stopRelay = await relayCatalogueNotifications(deps.database.sql);
  app.addHook('onClose', async () => stopRelay());
  const sharedCounters = config.rateLimit.store === 'database' ? databaseRateLimitStore(deps.database.sql) : undefined;
  if (sharedCounters) app.addHook('onClose', async () => sharedCounters.stop());
  const rateLimit = { ...config.rateLimit, webOrigins: config.webOrigins, counters: sharedCounters?.counters };
  await app.register(authPlugin, { db, webOrigins: config.webOrigins, rateLimit });
  await app.register(metaModule, { db, search: deps.search, version: apiVersion(), publicApiUrl: config.publicApiUrl });
  await app.register(tagsModule, { prefix: '/v2', db });
  await app.register(patsModule, { prefix: '/v2', db });
  await app.register(oauthModule, { prefix: '/v2', db, files: deps.files, cdnUrl: config.publicCdnUrl });
  await app.register(cdnModule, { files: deps.files });
  const mailer = createMailer({ config, db, log: app.log, jobs: deps.jobs });
  const cookies = { secureCookies: config.secureCookies, webOrigins: config.webOrigins };
  await app.register(authModule, { prefix: '/v2', db, mailer, captcha: createCaptchaVerifier(config), config });
  await app.register(sessionsModule, { prefix: '/v2', db, ...cookies });
  await app.register(usersModule, { prefix: '/v2', db, files: deps.files, cdnUrl: config.publicCdnUrl, secureCookies: config.secureCookies });
  const catalogueUrls = { cdnUrl: config.publicCdnUrl, publicApiUrl: config.publicApiUrl };
  const fileTokens = createFileTokens(config.fileUrlSecret);
  const countryOf = createCountryLookup(config.analytics.geoipPath);
  await app.register(projectsModule, { db, files: deps.files, fileTokens, modpackDownloads: config.modpackDownloads, jobs: deps.jobs, ...catalogueUrls });
  await app.register(teamsModule, { prefix: '/v2', db });
  await app.register(organizationsModule, { db, files: deps.files, cdnUrl: config.publicCdnUrl });
  await app.register(notificationsModule, { prefix: '/v2', db });
  await app.register(versionsModule, {
    db,
    files: deps.files,
    publicApiUrl: config.publicApiUrl,
    publicSiteUrl: config.publicSiteUrl,
    maxFileBytes: config.maxFileBytes,
    fileTokens,
    modpackDownloads: config.modpackDownloads,
    jobs: deps.jobs,
    countryOf,
    webOrigins: config.webOrigins,
  });
  await app.register(versionDiffsModule, { db });
  await app.register(dependencyPlanModule, { db, publicApiUrl: config.publicApiUrl, fileTokens });
  await app.register(imagesModule, { prefix: '/v2', db, files: deps.files, cdnUrl: config.publicCdnUrl });
  await app.register(imageProxyModule, { prefix: '/v2', db, files: deps.files, config: config.imageProxy });
  await app.register(webhooksModule, { prefix: '/v2', db, config: config.webhooks, jobs: deps.jobs });
  await app.register(malwareScanModule, { prefix: '/v2', db, files: deps.files, rulesDir: config.malwareScan.rulesDir });
  await app.register(moderationModule, { prefix: '/v2', db, cdnUrl: config.publicCdnUrl });
  await app.register(reviewChecksModule, { db, files: deps.files, cdnUrl: config.publicCdnUrl });
  await app.register(reportsModule, { prefix: '/v2', db });
  await app.register(threadsModule, { prefix: '/v2', db });
  await app.register(collectionsModule, { db, files: deps.files, cdnUrl: config.publicCdnUrl });
  await app.register(statisticsModule, { prefix: '/v2', db });
  await app.register(payoutsModule, { prefix: '/v2', db, revenue: config.revenue });
  await app.register(analyticsModule, { prefix: '/v2', db, countryOf, viewOrigins: config.analytics.viewOrigins });
  await app.register(billingModule, { prefix: '/v2', db, provider: deps.payments, clock: deps.billingClock, servers: serverPurchases, mailDelivery: config.mail.smtpUrl ? deps.jobs : undefined });
  await app.register(serversModule, { prefix: '/v2', db, sql: deps.database.sql, jobs: deps.jobs, ...config.servers, configuredNode: config.nodeAgent, files: deps.files, cdnUrl: config.publicCdnUrl, publicApiUrl: config.publicApiUrl });
  await app.register(serverListingsModule, { prefix: '/v2', db, jobs: deps.jobs, ping: pingSettingsOf(config) });
  await app.register(searchModule, { prefix: '/v2', search: deps.search, sql: deps.database.sql, indexPrefix: config.search.indexPrefix, cdnUrl: config.publicCdnUrl, cacheMs: config.search.cacheMs });
  await app.register(feedsModule, {
    db,
    search: deps.search,
    indexPrefix: config.search.indexPrefix,
    publicSiteUrl: config.publicSiteUrl,
    publicApiUrl: config.publicApiUrl,
    publicCdnUrl: config.publicCdnUrl,
    imageProxyUrl: config.imageProxy.publicUrl,
  });
  return app;
}
