import { z } from 'zod';
import { analyticsSchema, analyticsSection, type AnalyticsSection } from './config/analytics.js';
import { captchaSchema, captchaSection, checkCaptcha, type CaptchaSection } from './config/captcha.js';
import { databaseSchema, databaseSection, type DatabaseSection } from './config/database.js';
import { checkFiles, filesSchema, filesSection, type FilesSection } from './config/files.js';
import { checkGameServers, gameServersSchema, gameServersSection, type GameServersSection } from './config/game-servers.js';
import { httpSchema, httpSection, type HttpSection } from './config/http.js';
import { imageProxySchema, imageProxySection, type ImageProxySection } from './config/image-proxy.js';
import { checkOutbound, outboundSchema, outboundSection, type OutboundSection } from './config/outbound.js';
import { checkWebhooks, webhooksSchema, webhooksSection, type WebhooksSection } from './config/webhooks.js';
import { malwareScanSchema, malwareScanSection, type MalwareScanSection } from './config/malware-scan.js';
import { instanceSchema, instanceSection, type InstanceSection } from './config/instance.js';
import { mailSchema, mailSection, type MailSection } from './config/mail.js';
import { metricsSchema, metricsSection, type MetricsSection } from './config/metrics.js';
import { tracingSchema, tracingSection, type TracingSection } from './config/tracing.js';
import { modpackDownloadsSchema, modpackDownloadsSection, type ModpackDownloadsSection } from './config/modpack-downloads.js';
import { checkPayments, paymentsSchema, paymentsSection, type PaymentsSection } from './config/payments.js';
import { checkPayouts, payoutsSchema, payoutsSection, type PayoutsSection } from './config/payouts.js';
import { checkSearch, searchSchema, searchSection, type SearchSection } from './config/search.js';
import { checkSignInProviders, signInProvidersSchema, signInProvidersSection, type SignInProvidersSection } from './config/sign-in-providers.js';
import { siteSchema, siteSection, type SiteSection } from './config/site.js';
import { serverListingsSchema, serverListingsSection, type ServerListingsSection } from './config/server-listings.js';

export type { FileStoreConfig } from './config/files.js';
export type { ImageProxyConfig } from './config/image-proxy.js';
export type { WebhooksConfig } from './config/webhooks.js';
export { DEFAULT_MODPACK_DOWNLOAD_HOSTS } from './config/modpack-downloads.js';
export type { PayoutProviderConfig, RevenueConfig } from './config/payouts.js';
export type { AuthProviderConfig } from './config/sign-in-providers.js';
export type { TracingSettings } from './config/tracing.js';
export { workspaceRoot } from './config/workspace-root.js';

/**
 * The only reader of process.env. Everything else receives a parsed Config.
 * Secrets have no defaults: when an external service is configured, its key must be given.
 * Each concern (config/*) declares its variables, the rules between them and its part of
 * Config; this file parses them all in one go, so every problem is listed at once.
 */
export const ConfigSchema = z
  .object({
    ...instanceSchema.shape,
    ...siteSchema.shape,
    ...filesSchema.shape,
    ...modpackDownloadsSchema.shape,
    ...analyticsSchema.shape,
    ...databaseSchema.shape,
    ...searchSchema.shape,
    ...gameServersSchema.shape,
    ...httpSchema.shape,
    ...imageProxySchema.shape,
    ...outboundSchema.shape,
    ...webhooksSchema.shape,
    ...serverListingsSchema.shape,
    ...malwareScanSchema.shape,
    ...mailSchema.shape,
    ...metricsSchema.shape,
    ...tracingSchema.shape,
    ...captchaSchema.shape,
    ...signInProvidersSchema.shape,
    ...payoutsSchema.shape,
    ...paymentsSchema.shape,
  })
  .superRefine((env, ctx) => {
    checkPayments(env, ctx);
    checkGameServers(env, ctx);
    checkSearch(env, ctx);
    checkFiles(env, ctx);
    checkCaptcha(env, ctx);
    checkSignInProviders(env, ctx);
    checkPayouts(env, ctx);
    checkOutbound(env, ctx);
    checkWebhooks(env, ctx);
  });

export type Env = z.infer<typeof ConfigSchema>;

export interface Config
  extends InstanceSection,
    SiteSection,
    FilesSection,
    ModpackDownloadsSection,
    AnalyticsSection,
    DatabaseSection,
    SearchSection,
    GameServersSection,
    HttpSection,
    ImageProxySection,
    OutboundSection,
    WebhooksSection,
    ServerListingsSection,
    MalwareScanSection,
    MailSection,
    MetricsSection,
    TracingSection,
    CaptchaSection,
    SignInProvidersSection,
    PayoutsSection,
    PaymentsSection {}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `FOO=` in a shell does not defeat defaults.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const instance = instanceSection(env);
  const site = siteSection(env);
  const files = filesSection(env, instance.dataDir);
  const outbound = outboundSection(env);
  return {
    ...instance,
    ...site,
    ...files,
    ...modpackDownloadsSection(env, { ...site, ...files }),
    ...analyticsSection(env, site.webOrigins),
    ...databaseSection(env),
    ...searchSection(env),
    ...gameServersSection(env),
    ...httpSection(env),
    ...outbound,
    ...imageProxySection(env, site.publicApiUrl, outbound.outbound.allowHosts),
    ...webhooksSection(env, outbound.outbound.allowHosts),
    ...serverListingsSection(env, outbound.outbound.allowHosts),
    ...malwareScanSection(env),
    ...mailSection(env, site.publicSiteUrl),
    ...metricsSection(env),
    ...tracingSection(env),
    ...captchaSection(env),
    ...signInProvidersSection(env),
    ...payoutsSection(env),
    ...paymentsSection(env),
  };
}

/** For entry points: the parsed config, or the list of problems on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
