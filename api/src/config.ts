import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { PaymentsConfig } from './modules/billing/providers/create-provider.js';
import type { ModpackDownloadPolicy } from './modules/versions/modpack-rules.js';

/**
 * The only reader of process.env. Everything else receives a parsed Config.
 * Secrets have no defaults: when an external service is configured, its key must be given.
 */
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();
/** S3 copies an object server-side in one request only up to this size. */
const S3_MAX_FILE_BYTES = 5 * 1024 * 1024 * 1024;
/** Hosts the reference platform lets modpack files be downloaded from (the default of MODPACK_DOWNLOAD_HOSTS). */
export const DEFAULT_MODPACK_DOWNLOAD_HOSTS = ['cdn.modrinth.com', 'github.com', 'raw.githubusercontent.com', 'gitlab.com'];
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    API_PORT: port.default(8000),
    WEB_PORT: port.default(3000),
    CAIRN_DATA_DIR: z.string().min(1).default('.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Public base URL of the API as clients see it (defaults to http://HOST:API_PORT). */
    PUBLIC_API_URL: optionalUrl,
    /** Public base URL of uploaded images (defaults to PUBLIC_API_URL + /cdn; point it at a CDN in front of that). */
    PUBLIC_CDN_URL: optionalUrl,
    /** Where uploaded files are kept: local (the data folder's files/) or s3 (an S3-compatible bucket). */
    FILE_STORE: z.enum(['local', 's3']).default('local'),
    /** S3 endpoint (unset = AWS); e.g. https://<account>.r2.cloudflarestorage.com or http://minio:9000. */
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().regex(/^[a-zA-Z0-9.\-_]{3,255}$/, 'not a bucket name').optional(),
    /** AWS region of the bucket; R2 uses "auto"; any value suits MinIO. */
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Unset: the SDK's default credential chain (AWS_* variables, instance role…). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Address the bucket in the path (needed by MinIO and most self-hosted servers). */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** Prepended to every object name, so several instances can share one bucket (e.g. "cairn/"). */
    S3_KEY_PREFIX: z.string().regex(/^[a-zA-Z0-9!_.*'()/-]*$/, 'letters, digits and !_.*\'()/- only').default(''),
    /**
     * How version file downloads are served: `api` streams them through the API; `presigned`
     * (FILE_STORE=s3 only) redirects to a short-lived presigned URL of the bucket.
     */
    FILE_URL_MODE: z.enum(['api', 'presigned']).default('api'),
    /** Lifetime of a presigned download URL (S3 allows at most a week). */
    S3_PRESIGN_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
    /**
     * Hosts (comma separated, https only) besides Cairn's own file links that files listed in an
     * uploaded modpack may be downloaded from; `none` allows Cairn's own links only.
     */
    MODPACK_DOWNLOAD_HOSTS: z
      .string()
      .refine((v) => v.trim() === 'none' || v.split(',').every((host) => HOST_NAME.test(host.trim())), 'must be comma-separated host names (e.g. github.com,cdn.example.org) or none')
      .optional(),
    /** Largest uploaded version file. */
    MAX_FILE_BYTES: z.coerce.number().int().min(1024).default(500 * 1024 * 1024),
    /** Public base URL of the website (defaults to http://HOST:WEB_PORT). */
    PUBLIC_SITE_URL: optionalUrl,
    /** Links the website shows on its error pages and footer (hidden when unset). */
    STATUS_PAGE_URL: optionalUrl,
    COMMUNITY_CHAT_URL: optionalUrl,
    /** Extra origins allowed to make credentialed requests (comma separated). */
    WEB_ORIGINS: z.string().optional(),
    /** Origins whose pages may report views (POST /v2/analytics/view; comma separated). Default: the site's origins. */
    ANALYTICS_VIEW_ORIGINS: z.string().optional(),
    /** Country database (.mmdb with `country_code` records) for analytics. Default: DB-IP's, shipped in an npm package. */
    GEOIP_MMDB_PATH: z.string().min(1).optional(),
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    MEILISEARCH_URL: optionalUrl,
    MEILISEARCH_KEY: z.string().min(16).optional(),
    /** An external node agent for game servers; unset: `npm start` runs one local agent. */
    NODE_AGENT_URL: optionalUrl,
    NODE_AGENT_TOKEN: z.string().min(32).optional(),
    /** Start the local node agent with `npm start` when NODE_AGENT_URL is unset. */
    NODE_AGENT_EMBEDDED: booleanFlag.default(true),
    /** Isolation of the local node agent's game servers: `auto` isolates wherever this machine can (see the node agent's NODE_AGENT_ISOLATION). */
    NODE_AGENT_ISOLATION: z.enum(['on', 'off', 'auto']).default('auto'),
    /** Game ports the API hands out on every node, `first-last`. */
    SERVERS_PORT_RANGE: z.string().regex(/^\d{4,5}-\d{4,5}$/, 'must look like 25600-25999').default('25600-25999'),
    /** Days a suspended server of an ended subscription keeps its data before it is deleted. */
    SERVERS_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    /** Domain under which servers get their custom address (`{subdomain}.{domain}`); unset: players use the node's host and port. */
    SERVERS_DOMAIN: z
      .string()
      .regex(/^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i, 'must be a domain name like play.example.com')
      .optional(),
    /** Comma-separated public URLs of nodes added besides NODE_AGENT_URL, which browsers reach for consoles and files. */
    SERVERS_NODE_PUBLIC_URLS: z
      .string()
      .optional()
      .refine((v) => !v || v.split(',').every((url) => URL.canParse(url.trim())), 'must be comma-separated URLs'),
    /** Prefix of every Meilisearch index name, so several instances can share one server. */
    MEILISEARCH_INDEX_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]*$/).default('cairn_'),
    /** How long identical searches share one answer (milliseconds; 0 turns it off). */
    SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /** Serve the API (and run migrations, seeding and the worker) from this process. */
    SERVE_API: booleanFlag.default(true),
    /** Serve the built website from this process (npm start); off when the web is hosted elsewhere. */
    SERVE_WEB: booleanFlag.default(true),
    /** Fill an empty catalogue with the demo projects on start-up. */
    SEED_DEMO: booleanFlag.default(true),
    /** Run the background job worker inside the API process. */
    RUN_WORKER: booleanFlag.default(true),
    /** Requests per minute per client IP, and per signed-in user. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Requests per minute per client IP from the website's own pages (a budget apart from the public one). */
    RATE_LIMIT_SITE_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    /** Trusted proxies sending this value in `x-ratelimit-key` are not rate limited (unset = no bypass). */
    RATE_LIMIT_BYPASS_KEY: z.string().min(16).optional(),
    RATE_LIMIT_STORE: z.enum(['memory', 'database']).default('memory'),
    /** Trust X-Forwarded-For from this many proxy hops (0 = use the peer address). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Signs the short-lived download links of files that are not public (drafts, hidden
     * projects). Unset: a random secret per process, so links stop working on restart and every
     * API process behind one address must be given the same value.
     */
    FILE_URL_SECRET: z.string().min(32).optional(),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    /** Deliver mail through this SMTP server (smtp:// or smtps://user:pass@host:port); unset = outbox only. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** Sender of every message (default: Cairn <no-reply@site host>). */
    MAIL_FROM: z.string().min(3).optional(),
    /** Captcha on sign-up, sign-in and password reset: hcaptcha | turnstile (unset = no captcha). */
    CAPTCHA_PROVIDER: z.enum(['hcaptcha', 'turnstile']).optional(),
    CAPTCHA_SECRET: z.string().min(8).optional(),
    /** Public site key the website shows the widget with. */
    CAPTCHA_SITE_KEY: z.string().min(1).optional(),
    /** Verification endpoint override (a compatible self-hosted service). */
    CAPTCHA_VERIFY_URL: optionalUrl,
    /** Seed demo accounts (demo, demo-moderator, demo-admin) into an empty database. */
    DEMO_ACCOUNTS: booleanFlag.optional(),
    ...providerVariables('GITHUB'),
    ...providerVariables('DISCORD'),
    ...providerVariables('GITLAB'),
    /** Base URL of a self-managed GitLab (default https://gitlab.com). */
    AUTH_GITLAB_URL: optionalUrl,
    ...providerVariables('GOOGLE'),
    ...providerVariables('MICROSOFT'),
    /** Microsoft Entra tenant: common, organizations, consumers or a tenant id. */
    AUTH_MICROSOFT_TENANT: z.string().regex(/^[a-zA-Z0-9.-]+$/).default('common'),
    ...providerVariables('OIDC'),
    /** Any OpenID Connect issuer (discovered from /.well-known/openid-configuration). */
    AUTH_OIDC_ISSUER: optionalUrl,
    /** Name shown on the sign-in button of the generic OpenID Connect provider. */
    AUTH_OIDC_NAME: z.string().min(1).max(64).default('Single sign-on'),
    // Creator revenue and payouts (all amounts in cents).
    /** The revenue pool distributed each day to monetized projects (0 = none). */
    REVENUE_POOL_DAILY_CENTS: z.coerce.number().int().min(0).max(1_000_000_000_000).default(0),
    /** Creators' share of the pool in basis points; the platform keeps the rest. */
    REVENUE_CREATOR_SHARE_BPS: z.coerce.number().int().min(0).max(10_000).default(7500),
    /** Days a credit stays pending before it can be withdrawn. */
    REVENUE_HOLDING_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    /** Smallest withdrawal. */
    PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).default(500),
    /** Which processor sends withdrawals: the local sandbox, PayPal Payouts or Tremendous. */
    PAYOUT_PROVIDER: z.enum(['sandbox', 'paypal', 'tremendous']).default('sandbox'),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    /** The id of the webhook registered with PayPal (its signatures are verified against it). */
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    PAYPAL_API_URL: z.url().default('https://api-m.paypal.com'),
    TREMENDOUS_API_KEY: z.string().min(1).optional(),
    TREMENDOUS_WEBHOOK_SECRET: z.string().min(1).optional(),
    TREMENDOUS_FUNDING_SOURCE_ID: z.string().min(1).optional(),
    /** The Tremendous campaign choosing which rewards recipients may pick (optional). */
    TREMENDOUS_CAMPAIGN_ID: z.string().min(1).optional(),
    TREMENDOUS_API_URL: z.url().default('https://www.tremendous.com/api/v2'),
    /** Payment processor of billing: the local sandbox (default) or Stripe. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** An external sandbox processor (unset: `npm start` runs an embedded one under the data folder). */
    SANDBOX_URL: optionalUrl,
    /** The sandbox's address as browsers reach it (default SANDBOX_URL). */
    SANDBOX_PUBLIC_URL: optionalUrl,
    SANDBOX_SECRET_KEY: z.string().min(16).optional(),
    SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(8).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SANDBOX_URL) {
      for (const key of ['SANDBOX_SECRET_KEY', 'SANDBOX_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SANDBOX_URL is set' });
      }
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENT_PROVIDER is stripe' });
      }
    }
    if (env.NODE_AGENT_URL && !env.NODE_AGENT_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['NODE_AGENT_TOKEN'], message: 'required when NODE_AGENT_URL is set' });
    }
    if (env.MEILISEARCH_URL && !env.MEILISEARCH_KEY) {
      ctx.addIssue({ code: 'custom', path: ['MEILISEARCH_KEY'], message: 'required when MEILISEARCH_URL is set' });
    }
    if (env.FILE_STORE === 's3') {
      if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when FILE_STORE is s3' });
      // Uploads reach their content address by a server-side copy, which S3 limits to 5 GiB.
      if (env.MAX_FILE_BYTES > S3_MAX_FILE_BYTES) ctx.addIssue({ code: 'custom', path: ['MAX_FILE_BYTES'], message: `at most ${S3_MAX_FILE_BYTES} with FILE_STORE=s3` });
    }
    if (env.FILE_URL_MODE === 'presigned' && env.FILE_STORE !== 's3') {
      ctx.addIssue({ code: 'custom', path: ['FILE_URL_MODE'], message: 'presigned needs FILE_STORE=s3' });
    }
    if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'required when S3_ACCESS_KEY_ID is set' });
    }
    if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'required when S3_SECRET_ACCESS_KEY is set' });
    }
    if (env.CAPTCHA_PROVIDER && !env.CAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_SECRET'], message: 'required when CAPTCHA_PROVIDER is set' });
    }
    for (const name of ['GITHUB', 'DISCORD', 'GITLAB', 'GOOGLE', 'MICROSOFT', 'OIDC'] as const) {
      const id = env[`AUTH_${name}_CLIENT_ID`];
      const secret = env[`AUTH_${name}_CLIENT_SECRET`];
      if (id && !secret) ctx.addIssue({ code: 'custom', path: [`AUTH_${name}_CLIENT_SECRET`], message: `required when AUTH_${name}_CLIENT_ID is set` });
      if (secret && !id) ctx.addIssue({ code: 'custom', path: [`AUTH_${name}_CLIENT_ID`], message: `required when AUTH_${name}_CLIENT_SECRET is set` });
    }
    if (env.AUTH_OIDC_CLIENT_ID && !env.AUTH_OIDC_ISSUER) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_OIDC_ISSUER'], message: 'required when AUTH_OIDC_CLIENT_ID is set' });
    }
    const payoutKeys = { sandbox: [], paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'], tremendous: ['TREMENDOUS_API_KEY', 'TREMENDOUS_WEBHOOK_SECRET', 'TREMENDOUS_FUNDING_SOURCE_ID'] } as const;
    for (const key of payoutKeys[env.PAYOUT_PROVIDER]) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when PAYOUT_PROVIDER is ${env.PAYOUT_PROVIDER}` });
    }
    if (env.SANDBOX_URL && (!env.SANDBOX_SECRET_KEY || !env.SANDBOX_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [env.SANDBOX_SECRET_KEY ? 'SANDBOX_WEBHOOK_SECRET' : 'SANDBOX_SECRET_KEY'], message: 'required when SANDBOX_URL is set' });
    }
    for (const key of ['AUTH_OIDC_ISSUER', 'AUTH_GITLAB_URL'] as const) {
      const value = env[key];
      if (value && !isSecureOrLoopback(value)) ctx.addIssue({ code: 'custom', path: [key], message: 'must use https (http only on loopback)' });
    }
  });

/** `AUTH_<NAME>_CLIENT_ID` and `AUTH_<NAME>_CLIENT_SECRET` of a third-party sign-in provider. */
function providerVariables<N extends string>(name: N) {
  return {
    [`AUTH_${name}_CLIENT_ID`]: z.string().min(1).optional(),
    [`AUTH_${name}_CLIENT_SECRET`]: z.string().min(1).optional(),
  } as Record<`AUTH_${N}_CLIENT_ID` | `AUTH_${N}_CLIENT_SECRET`, z.ZodOptional<z.ZodString>>;
}

function isSecureOrLoopback(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
}

export type Env = z.infer<typeof ConfigSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  apiPort: number;
  webPort: number;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  publicApiUrl: string;
  publicSiteUrl: string;
  publicCdnUrl: string;
  /** Optional links shown by the website. */
  siteLinks: { statusPageUrl?: string; communityChatUrl?: string };
  /** Uploaded files live here (the disk file store). */
  filesDir: string;
  /** Which file store keeps uploads (FILE_STORE and the S3_* variables). */
  fileStore: FileStoreConfig;
  maxFileBytes: number;
  /** Where files listed in an uploaded modpack may be downloaded from: Cairn's own file origins and MODPACK_DOWNLOAD_HOSTS. */
  modpackDownloads: ModpackDownloadPolicy;
  /** HMAC key of signed file links (see FILE_URL_SECRET). */
  fileUrlSecret: string;
  webOrigins: string[];
  analytics: { viewOrigins: string[]; geoipPath: string | undefined };
  database: { url: string | undefined; poolSize: number };
  search: { url: string | undefined; key: string | undefined; indexPrefix: string; cacheMs: number };
  /** Game-server node agent: an external one (url + token), or embedded (started by `npm start`). */
  nodeAgent: { url: string | undefined; token: string | undefined; embedded: boolean; isolation: 'on' | 'off' | 'auto' };
  /** Hosted game servers: game ports handed out per node and the data grace period after a subscription ends. */
  servers: { portRange: { first: number; last: number }; graceDays: number; nodePublicUrls: string[]; domain: string | undefined };
  serveApi: boolean;
  serveWeb: boolean;
  runWorker: boolean;
  /** `npm start` fills an empty catalogue with the demo projects. */
  seedDemo: boolean;
  bodyLimit: number;
  /** `store: 'database'` shares the counters between API processes. */
  rateLimit: { perMinute: number; authenticatedPerMinute: number; sitePerMinute: number; bypassKey: string | undefined; store: 'memory' | 'database' };
  trustProxyHops: number;
  /** Cookies get the Secure flag when the site is served over https. */
  secureCookies: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  captcha: { provider: 'hcaptcha' | 'turnstile'; secret: string; siteKey: string | undefined; verifyUrl: string | undefined } | undefined;
  demoAccounts: boolean;
  /** Third-party sign-in providers with credentials configured. */
  authProviders: AuthProviderConfig[];
  revenue: RevenueConfig;
  /** Billing's payment processor; an unset sandbox endpoint is filled in by the embedded sandbox. */
  payments: PaymentsConfig;
}

export interface RevenueConfig {
  poolDailyCents: number;
  creatorShareBps: number;
  holdingDays: number;
  minimumWithdrawalCents: number;
  provider: PayoutProviderConfig;
}

export type PayoutProviderConfig =
  | { kind: 'sandbox'; url: string | undefined; secretKey: string | undefined; webhookSecret: string | undefined }
  | { kind: 'paypal'; clientId: string; clientSecret: string; webhookId: string; apiUrl: string }
  | { kind: 'tremendous'; apiKey: string; webhookSecret: string; fundingSourceId: string; campaignId?: string; apiUrl: string };

export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      keyPrefix: string;
      /** Set when downloads redirect to presigned URLs (FILE_URL_MODE=presigned): their lifetime. */
      presignSeconds: number | undefined;
    };

export type AuthProviderConfig =
  | { kind: 'github' | 'discord' | 'google'; clientId: string; clientSecret: string }
  | { kind: 'gitlab'; clientId: string; clientSecret: string; baseUrl: string }
  | { kind: 'microsoft'; clientId: string; clientSecret: string; tenant: string }
  | { kind: 'oidc'; clientId: string; clientSecret: string; issuer: string; name: string };

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
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const publicApiUrl = stripSlash(env.PUBLIC_API_URL ?? `http://${displayHost}:${env.API_PORT}`);
  const publicSiteUrl = stripSlash(env.PUBLIC_SITE_URL ?? `http://${displayHost}:${env.WEB_PORT}`);
  const publicCdnUrl = stripSlash(env.PUBLIC_CDN_URL ?? `${publicApiUrl}/cdn`);
  const fileStore: FileStoreConfig =
    env.FILE_STORE === 's3' && env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          keyPrefix: env.S3_KEY_PREFIX,
          presignSeconds: env.FILE_URL_MODE === 'presigned' ? env.S3_PRESIGN_TTL_SECONDS : undefined,
        }
      : { kind: 'local' };
  const extraOrigins = (env.WEB_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map(stripSlash);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    apiPort: env.API_PORT,
    webPort: env.WEB_PORT,
    dataDir: resolve(workspaceRoot(), env.CAIRN_DATA_DIR),
    logLevel: env.LOG_LEVEL,
    publicApiUrl,
    publicSiteUrl,
    siteLinks: {
      ...(env.STATUS_PAGE_URL ? { statusPageUrl: env.STATUS_PAGE_URL } : {}),
      ...(env.COMMUNITY_CHAT_URL ? { communityChatUrl: env.COMMUNITY_CHAT_URL } : {}),
    },
    publicCdnUrl,
    filesDir: join(resolve(workspaceRoot(), env.CAIRN_DATA_DIR), 'files'),
    fileStore,
    maxFileBytes: env.MAX_FILE_BYTES,
    modpackDownloads: {
      ownOrigins: [...new Set([publicApiUrl, publicCdnUrl, presignedOrigin(fileStore)].flatMap((url) => (url ? [new URL(url).origin] : [])))],
      hosts:
        env.MODPACK_DOWNLOAD_HOSTS === undefined
          ? DEFAULT_MODPACK_DOWNLOAD_HOSTS
          : env.MODPACK_DOWNLOAD_HOSTS.trim() === 'none'
            ? []
            : [...new Set(env.MODPACK_DOWNLOAD_HOSTS.split(',').map((host) => host.trim().toLowerCase()))],
    },
    fileUrlSecret: env.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    webOrigins: [...new Set([new URL(publicSiteUrl).origin, ...extraOrigins])],
    analytics: {
      viewOrigins: env.ANALYTICS_VIEW_ORIGINS
        ? env.ANALYTICS_VIEW_ORIGINS.split(',').map((o) => stripSlash(o.trim())).filter(Boolean)
        : [...new Set([new URL(publicSiteUrl).origin, ...extraOrigins])],
      geoipPath: env.GEOIP_MMDB_PATH,
    },
    database: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE },
    search: { url: env.MEILISEARCH_URL, key: env.MEILISEARCH_KEY, indexPrefix: env.MEILISEARCH_INDEX_PREFIX, cacheMs: env.SEARCH_CACHE_MS },
    nodeAgent: { url: env.NODE_AGENT_URL, token: env.NODE_AGENT_TOKEN, embedded: env.NODE_AGENT_EMBEDDED, isolation: env.NODE_AGENT_ISOLATION },
    servers: {
      portRange: parsePortRange(env.SERVERS_PORT_RANGE),
      graceDays: env.SERVERS_GRACE_DAYS,
      nodePublicUrls: (env.SERVERS_NODE_PUBLIC_URLS ?? '').split(',').map((url) => url.trim()).filter(Boolean),
      domain: env.SERVERS_DOMAIN?.toLowerCase(),
    },
    serveApi: env.SERVE_API,
    serveWeb: env.SERVE_WEB,
    runWorker: env.RUN_WORKER,
    seedDemo: env.SEED_DEMO,
    bodyLimit: env.BODY_LIMIT_BYTES,
    rateLimit: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      authenticatedPerMinute: env.RATE_LIMIT_AUTHENTICATED_PER_MINUTE,
      sitePerMinute: env.RATE_LIMIT_SITE_PER_MINUTE,
      bypassKey: env.RATE_LIMIT_BYPASS_KEY,
      store: env.RATE_LIMIT_STORE,
    },
    trustProxyHops: env.TRUST_PROXY_HOPS,
    secureCookies: publicSiteUrl.startsWith('https:'),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `Cairn <no-reply@${new URL(publicSiteUrl).hostname}>` },
    captcha:
      env.CAPTCHA_PROVIDER && env.CAPTCHA_SECRET
        ? { provider: env.CAPTCHA_PROVIDER, secret: env.CAPTCHA_SECRET, siteKey: env.CAPTCHA_SITE_KEY, verifyUrl: env.CAPTCHA_VERIFY_URL }
        : undefined,
    demoAccounts: env.DEMO_ACCOUNTS ?? env.NODE_ENV !== 'production',
    authProviders: authProviders(env),
    revenue: {
      poolDailyCents: env.REVENUE_POOL_DAILY_CENTS,
      creatorShareBps: env.REVENUE_CREATOR_SHARE_BPS,
      holdingDays: env.REVENUE_HOLDING_DAYS,
      minimumWithdrawalCents: env.PAYOUT_MINIMUM_CENTS,
      provider: payoutProvider(env),
    },
    payments:
      env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { provider: 'stripe', stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, publishableKey: env.STRIPE_PUBLISHABLE_KEY } }
        : {
            provider: 'sandbox',
            sandbox:
              env.SANDBOX_URL && env.SANDBOX_SECRET_KEY && env.SANDBOX_WEBHOOK_SECRET
                ? {
                    url: stripSlash(env.SANDBOX_URL),
                    publicUrl: stripSlash(env.SANDBOX_PUBLIC_URL ?? env.SANDBOX_URL),
                    secretKey: env.SANDBOX_SECRET_KEY,
                    webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
                  }
                : undefined,
          },
  };
}

/** Origin of the presigned download URLs the bucket is addressed by (FILE_URL_MODE=presigned), as the S3 client builds them. */
function presignedOrigin(store: FileStoreConfig): string | undefined {
  if (store.kind !== 's3' || store.presignSeconds === undefined) return undefined;
  if (store.endpoint) {
    const endpoint = new URL(store.endpoint);
    return store.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${store.bucket}.${endpoint.host}`;
  }
  return store.forcePathStyle ? `https://s3.${store.region}.amazonaws.com` : `https://${store.bucket}.s3.${store.region}.amazonaws.com`;
}

function payoutProvider(env: Env): PayoutProviderConfig {
  if (env.PAYOUT_PROVIDER === 'paypal' && env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID) {
    return { kind: 'paypal', clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, webhookId: env.PAYPAL_WEBHOOK_ID, apiUrl: stripSlash(env.PAYPAL_API_URL) };
  }
  if (env.PAYOUT_PROVIDER === 'tremendous' && env.TREMENDOUS_API_KEY && env.TREMENDOUS_WEBHOOK_SECRET && env.TREMENDOUS_FUNDING_SOURCE_ID) {
    return { kind: 'tremendous', apiKey: env.TREMENDOUS_API_KEY, webhookSecret: env.TREMENDOUS_WEBHOOK_SECRET, fundingSourceId: env.TREMENDOUS_FUNDING_SOURCE_ID, ...(env.TREMENDOUS_CAMPAIGN_ID ? { campaignId: env.TREMENDOUS_CAMPAIGN_ID } : {}), apiUrl: stripSlash(env.TREMENDOUS_API_URL) };
  }
  return { kind: 'sandbox', url: env.SANDBOX_URL ? stripSlash(env.SANDBOX_URL) : undefined, secretKey: env.SANDBOX_SECRET_KEY, webhookSecret: env.SANDBOX_WEBHOOK_SECRET };
}

function authProviders(env: Env): AuthProviderConfig[] {
  const credentials = (name: 'GITHUB' | 'DISCORD' | 'GITLAB' | 'GOOGLE' | 'MICROSOFT' | 'OIDC') => {
    const clientId = env[`AUTH_${name}_CLIENT_ID`];
    const clientSecret = env[`AUTH_${name}_CLIENT_SECRET`];
    return clientId && clientSecret ? { clientId, clientSecret } : undefined;
  };
  const list: AuthProviderConfig[] = [];
  const github = credentials('GITHUB');
  if (github) list.push({ kind: 'github', ...github });
  const discord = credentials('DISCORD');
  if (discord) list.push({ kind: 'discord', ...discord });
  const gitlab = credentials('GITLAB');
  if (gitlab) list.push({ kind: 'gitlab', ...gitlab, baseUrl: stripSlash(env.AUTH_GITLAB_URL ?? 'https://gitlab.com') });
  const google = credentials('GOOGLE');
  if (google) list.push({ kind: 'google', ...google });
  const microsoft = credentials('MICROSOFT');
  if (microsoft) list.push({ kind: 'microsoft', ...microsoft, tenant: env.AUTH_MICROSOFT_TENANT });
  const oidc = credentials('OIDC');
  if (oidc && env.AUTH_OIDC_ISSUER) list.push({ kind: 'oidc', ...oidc, issuer: stripSlash(env.AUTH_OIDC_ISSUER), name: env.AUTH_OIDC_NAME });
  return list;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
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

/** The monorepo root (where pnpm-workspace.yaml is), so relative data folders mean the same from any package. */
export function workspaceRoot(from = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return resolve(from);
  }
}

function parsePortRange(text: string): { first: number; last: number } {
  const [first, last] = text.split('-').map(Number) as [number, number];
  return { first, last };
}
