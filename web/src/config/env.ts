import { z } from 'zod';

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

const ApiUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isAbsoluteUrl(value), 'apiUrl must be empty or an absolute URL')
  // Paths are joined as `${apiUrl}/v2/...`, so drop trailing slashes.
  .transform((value) => value.replace(/\/+$/, ''));

/** An optional link to another site: empty means "not configured". */
const OptionalLinkSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isAbsoluteUrl(value), 'must be empty or an absolute URL')
  .transform((value) => value || undefined);

const RuntimeConfigSchema = z.object({
  apiUrl: ApiUrlSchema.optional(),
  cdnUrl: z.string().optional(),
  imageProxyUrl: z.string().optional(),
  statusPageUrl: z.string().optional(),
  communityChatUrl: z.string().optional(),
});

const EnvSchema = z.object({
  apiUrl: ApiUrlSchema,
  buildId: z.string().min(1),
  /** Public base URL of uploaded images (icons, gallery); media there loads directly in descriptions. */
  cdnUrl: OptionalLinkSchema.optional(),
  /** Prefix the encoded URL of an untrusted markdown image is appended to. */
  imageProxyUrl: z
    .string()
    .trim()
    .refine((value) => isAbsoluteUrl(value), 'imageProxyUrl must be an absolute URL'),
  /** The service status page, linked from error pages. */
  statusPageUrl: OptionalLinkSchema.optional(),
  /** The community chat, linked from error pages for reporting repeated problems. */
  communityChatUrl: OptionalLinkSchema.optional(),
});

type Env = z.infer<typeof EnvSchema>;

/** One line per problem: "apiUrl: apiUrl must be empty or an absolute URL". */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(config)'}: ${issue.message}`).join('\n');
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
  const runtime = RuntimeConfigSchema.safeParse(runtimeConfig ?? {});
  if (!runtime.success) {
    throw new Error(`Invalid window.__CAIRN_CONFIG__ (from /runtime-config.js):\n${describeIssues(runtime.error)}`);
  }
  const result = EnvSchema.safeParse({
    apiUrl: runtime.data.apiUrl ?? buildEnv.VITE_API_URL ?? '',
    buildId: buildEnv.VITE_BUILD_ID || 'dev',
    cdnUrl: runtime.data.cdnUrl ?? buildEnv.VITE_CDN_URL,
    imageProxyUrl: runtime.data.imageProxyUrl || buildEnv.VITE_IMAGE_PROXY_URL || DEFAULT_IMAGE_PROXY_URL,
    statusPageUrl: runtime.data.statusPageUrl ?? buildEnv.VITE_STATUS_PAGE_URL,
    communityChatUrl: runtime.data.communityChatUrl ?? buildEnv.VITE_COMMUNITY_CHAT_URL,
  });
  if (!result.success) throw new Error(`Invalid web configuration:\n${describeIssues(result.error)}`);
  return result.data;
}

export const env: Env = parseEnv(
  typeof window === 'undefined' ? undefined : window.__CAIRN_CONFIG__,
  import.meta.env,
);
