import { z } from 'zod';
import { optionalUrl, stripSlash } from './env-values.js';
import type { InstanceEnv } from './instance.js';

/** The public addresses of the API, the CDN and the website, and the browsers' origins allowed in. */
export const siteSchema = z.object({
  /** Public base URL of the API as clients see it (defaults to http://HOST:API_PORT). */
  PUBLIC_API_URL: optionalUrl,
  /** Public base URL of uploaded images (defaults to PUBLIC_API_URL + /cdn; point it at a CDN in front of that). */
  PUBLIC_CDN_URL: optionalUrl,
  /** Public base URL of the website (defaults to http://HOST:WEB_PORT). */
  PUBLIC_SITE_URL: optionalUrl,
  /** Links the website shows on its error pages and footer (hidden when unset). */
  STATUS_PAGE_URL: optionalUrl,
  COMMUNITY_CHAT_URL: optionalUrl,
  /** Extra origins allowed to make credentialed requests (comma separated). */
  WEB_ORIGINS: z.string().optional(),
});

export type SiteEnv = z.infer<typeof siteSchema>;

export interface SiteSection {
  publicApiUrl: string;
  publicSiteUrl: string;
  publicCdnUrl: string;
  /** Optional links shown by the website. */
  siteLinks: { statusPageUrl?: string; communityChatUrl?: string };
  webOrigins: string[];
  /** Cookies get the Secure flag when the site is served over https. */
  secureCookies: boolean;
}

export function siteSection(env: SiteEnv & Pick<InstanceEnv, 'HOST' | 'API_PORT' | 'WEB_PORT'>): SiteSection {
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const publicApiUrl = stripSlash(env.PUBLIC_API_URL ?? `http://${displayHost}:${env.API_PORT}`);
  const publicSiteUrl = stripSlash(env.PUBLIC_SITE_URL ?? `http://${displayHost}:${env.WEB_PORT}`);
  const extraOrigins = (env.WEB_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map(stripSlash);
  return {
    publicApiUrl,
    publicSiteUrl,
    publicCdnUrl: stripSlash(env.PUBLIC_CDN_URL ?? `${publicApiUrl}/cdn`),
    siteLinks: {
      ...(env.STATUS_PAGE_URL ? { statusPageUrl: env.STATUS_PAGE_URL } : {}),
      ...(env.COMMUNITY_CHAT_URL ? { communityChatUrl: env.COMMUNITY_CHAT_URL } : {}),
    },
    webOrigins: [...new Set([new URL(publicSiteUrl).origin, ...extraOrigins])],
    secureCookies: publicSiteUrl.startsWith('https:'),
  };
}
