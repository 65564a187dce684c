import { DOWNLOAD_SOURCE_UNKNOWN, DOWNLOAD_SOURCE_WEBSITE } from '@cairn/shared/schemas/analytics';
import { fromSiteOrigins } from '../../lib/site-origin.js';

/** Longest launcher name kept as a source; longer ones count as unknown. */
export const MAX_SOURCE_LENGTH = 64;
/** Only the start of a User-Agent is read (a header can be kilobytes long). */
const MAX_USER_AGENT_READ = 512;

/** A product token: letters, digits and . _ + - (starting with a letter or digit). */
const TOKEN = String.raw`[A-Za-z0-9][\w.+-]*`;
/**
 * `project/version (contact)` at the start of the header: the project may have several parts
 * (`owner/project/1.2.0 (…)`), the version starts with a digit (or `v` and a digit), and the
 * comment in brackets is required. More product tokens may follow (`… okhttp/4.12.0`).
 */
const WELL_FORMED = new RegExp(String.raw`^(${TOKEN}(?:/${TOKEN})*)/v?\d[\w.+-]*[ \t]+\(([^()]+)\)`);
/** Browsers and most crawlers announce themselves as `Mozilla/5.0 (…)`: never a launcher. */
const BROWSER_PRODUCTS = new Set(['mozilla']);
const RESERVED = new Set([DOWNLOAD_SOURCE_WEBSITE, DOWNLOAD_SOURCE_UNKNOWN]);

/**
 * The launcher or tool a well-formed User-Agent names: `ModrinthApp/0.9.3 (support@example.com)`
 * → `ModrinthApp`, `owner/tool/1.0 (https://example.com)` → `owner/tool`. Undefined for anything
 * else: no header, a bare library (`okhttp/4.9.3`, no contact), a browser, a name longer than
 * MAX_SOURCE_LENGTH or one of the reserved source names.
 */
export function sourceFromUserAgent(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  const match = WELL_FORMED.exec(userAgent.slice(0, MAX_USER_AGENT_READ));
  if (!match || match[2]!.trim() === '') return undefined;
  const project = match[1]!;
  const first = project.split('/', 1)[0]!.toLowerCase();
  if (project.length > MAX_SOURCE_LENGTH || BROWSER_PRODUCTS.has(first) || RESERVED.has(project.toLowerCase())) return undefined;
  return project;
}

export interface DownloadRequestHeaders {
  userAgent?: string;
  origin?: string;
  referer?: string;
}

/**
 * Who made a download: the launcher its User-Agent names; else `website` when the request comes
 * from the site's own pages (its Origin, or else its Referer, is one of the site's origins, as
 * the rate limiter recognises the site; the site's download links ask browsers to send its
 * origin as Referer); else `unknown`. Every part can be forged by a script; the source is a
 * statistic, not a credential.
 */
export function downloadSource(headers: DownloadRequestHeaders, siteOrigins: ReadonlySet<string>): string {
  const named = sourceFromUserAgent(headers.userAgent);
  if (named) return named;
  return fromSiteOrigins(siteOrigins, headers) ? DOWNLOAD_SOURCE_WEBSITE : DOWNLOAD_SOURCE_UNKNOWN;
}
