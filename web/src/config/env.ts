/**
 * Runtime configuration. The server writes `/runtime-config.js` at start-up
 * (`window.__CAIRN_CONFIG__ = { apiUrl, cdnUrl?, imageProxyUrl?, statusPageUrl?, communityChatUrl? }`),
 * so a single build can point at any API. When a key is absent the build-time `VITE_*` variable
 * applies: `VITE_API_URL` (then `''`, meaning "same origin"), `VITE_CDN_URL` (then none),
 * `VITE_IMAGE_PROXY_URL` (then `DEFAULT_IMAGE_PROXY_URL`), `VITE_STATUS_PAGE_URL`,
 * `VITE_COMMUNITY_CHAT_URL` (then none: the error page leaves out the hint that would link there).
 */

/**
 * Images in user-written markdown from hosts other than Cairn's own and a few trusted ones load
 * through this proxy (the original URL, encoded, is appended), so readers' addresses are not
 * handed to arbitrary servers. `n=-1` keeps every frame of animated images.
 */
export const DEFAULT_IMAGE_PROXY_URL = 'https://wsrv.nl/?n=-1&url=';

function isAbsoluteUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/*
 * Checked by hand rather than with zod: this module runs before the first paint of every page, and
 * zod (about 20 KB gzip) would otherwise be part of every page's first download.
 */

interface Env {
  apiUrl: string;
  buildId: string;
  /** Public base URL of uploaded images (icons, gallery); media there loads directly in descriptions. */
  cdnUrl?: string;
  /** Prefix the encoded URL of an untrusted markdown image is appended to. */
  imageProxyUrl: string;
  /** The service status page, linked from error pages. */
  statusPageUrl?: string;
  /** The community chat, linked from error pages for reporting repeated problems. */
  communityChatUrl?: string;
}

const RUNTIME_KEYS = ['apiUrl', 'cdnUrl', 'imageProxyUrl', 'statusPageUrl', 'communityChatUrl'] as const;
type RuntimeConfig = Partial<Record<(typeof RUNTIME_KEYS)[number], string>>;

/** The runtime config's known keys, each a string when present; one line per problem otherwise. */
function readRuntimeConfig(value: unknown): RuntimeConfig | string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['(config): expected an object'];
  const record = value as Record<string, unknown>;
  const problems = RUNTIME_KEYS.filter((key) => record[key] !== undefined && typeof record[key] !== 'string').map((key) => `${key}: expected a string`);
  if (problems.length > 0) return problems;
  return Object.fromEntries(RUNTIME_KEYS.filter((key) => record[key] !== undefined).map((key) => [key, record[key]])) as RuntimeConfig;
}

/** An optional link to another site: empty means "not configured". */
function optionalLink(key: string, value: string | undefined, problems: string[]): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (!isAbsoluteUrl(trimmed)) problems.push(`${key}: must be empty or an absolute URL`);
  return trimmed;
}

interface BuildEnv {
  VITE_API_URL?: string;
  VITE_BUILD_ID?: string;
  VITE_CDN_URL?: string;
  VITE_IMAGE_PROXY_URL?: string;
  VITE_STATUS_PAGE_URL?: string;
  VITE_COMMUNITY_CHAT_URL?: string;
}

export function parseEnv(runtimeConfig: unknown, buildEnv: BuildEnv): Env {
  const runtime = readRuntimeConfig(runtimeConfig ?? {});
  if (Array.isArray(runtime)) {
    throw new Error(`Invalid window.__CAIRN_CONFIG__ (from /runtime-config.js):\n${runtime.join('\n')}`);
  }
  const problems: string[] = [];
  const apiUrl = (runtime.apiUrl ?? buildEnv.VITE_API_URL ?? '').trim();
  if (apiUrl !== '' && !isAbsoluteUrl(apiUrl)) problems.push('apiUrl: apiUrl must be empty or an absolute URL');
  const imageProxyUrl = (runtime.imageProxyUrl || buildEnv.VITE_IMAGE_PROXY_URL || DEFAULT_IMAGE_PROXY_URL).trim();
  if (!isAbsoluteUrl(imageProxyUrl)) problems.push('imageProxyUrl: imageProxyUrl must be an absolute URL');
  const env: Env = {
    // Paths are joined as `${apiUrl}/v2/...`, so drop trailing slashes.
    apiUrl: apiUrl.replace(/\/+$/, ''),
    buildId: buildEnv.VITE_BUILD_ID || 'dev',
    cdnUrl: optionalLink('cdnUrl', runtime.cdnUrl ?? buildEnv.VITE_CDN_URL, problems),
    imageProxyUrl,
    statusPageUrl: optionalLink('statusPageUrl', runtime.statusPageUrl ?? buildEnv.VITE_STATUS_PAGE_URL, problems),
    communityChatUrl: optionalLink('communityChatUrl', runtime.communityChatUrl ?? buildEnv.VITE_COMMUNITY_CHAT_URL, problems),
  };
  if (problems.length > 0) throw new Error(`Invalid web configuration:\n${problems.join('\n')}`);
  return env;
}

export const env: Env = parseEnv(
  typeof window === 'undefined' ? undefined : window.__CAIRN_CONFIG__,
  import.meta.env,
);
