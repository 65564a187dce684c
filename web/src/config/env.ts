/**
 * Runtime configuration. The server writes `/runtime-config.js` at start-up
 * (`window.__CAIRN_CONFIG__ = { apiUrl, cdnUrl?, imageProxyUrl?, statusPageUrl?, communityChatUrl? }`),
 * so a single build can point at any API. When a key is absent the build-time `VITE_*` variable
 * applies: `VITE_API_URL` (then `''`, meaning "same origin"), `VITE_CDN_URL` (then none),
 * `VITE_IMAGE_PROXY_URL` (then the API's own proxy, `IMAGE_PROXY_PATH`), `VITE_STATUS_PAGE_URL`,
 * `VITE_COMMUNITY_CHAT_URL` (then none: the error page leaves out the hint that would link there).
 */

/**
 * The API's own image proxy: images in user-written markdown from hosts other than Cairn's own
 * load through it (the original URL, encoded, is appended), so readers' browsers contact no
 * other host. `imageProxyUrl: 'off'` (IMAGE_PROXY=off on the server) loads them from their origin.
 */
export const IMAGE_PROXY_PATH = '/v2/image-proxy?url=';
export const IMAGE_PROXY_OFF = 'off';

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
  /**
   * Prefix the encoded URL of an external markdown image is appended to: absolute, or the API's
   * own path when the API is on the same origin. Undefined: no proxy, images load from their origin.
   */
  imageProxyUrl: string | undefined;
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
  // Paths are joined as `${apiUrl}/v2/...`, so drop trailing slashes.
  const apiBase = apiUrl.replace(/\/+$/, '');
  const configuredProxy = (runtime.imageProxyUrl || buildEnv.VITE_IMAGE_PROXY_URL || '').trim();
  let imageProxyUrl: string | undefined = `${apiBase}${IMAGE_PROXY_PATH}`;
  if (configuredProxy === IMAGE_PROXY_OFF) imageProxyUrl = undefined;
  else if (configuredProxy !== '') {
    if (!isAbsoluteUrl(configuredProxy)) problems.push(`imageProxyUrl: imageProxyUrl must be an absolute URL or ${IMAGE_PROXY_OFF}`);
    imageProxyUrl = configuredProxy;
  }
  const env: Env = {
    apiUrl: apiBase,
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
