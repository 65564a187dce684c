import { createMarkdownRenderer, type MarkdownRenderer } from '@cairn/shared/markdown/renderer';
import { createHtmlPurifier } from './html-purifier.js';

/** Where the rendered HTML will be read: the public URLs that decide which media load directly. */
export interface ServerMarkdownSite {
  /** The website's public URL (links to its host stay without `rel="nofollow"`). */
  publicSiteUrl: string;
  publicApiUrl: string;
  publicCdnUrl: string;
  /** The image proxy's prefix (`…/v2/image-proxy?url=`), undefined when the proxy is off. */
  imageProxyUrl: string | undefined;
}

function hostOf(url: string): string[] {
  try {
    return [new URL(url).host];
  } catch {
    return [];
  }
}

/**
 * Markdown → sanitised HTML on the server, with the website's renderer and policy
 * (`web/src/lib/markdown.ts` configures the same one in the browser): external images go through
 * Cairn's image proxy when it is on, and then no other media host is trusted; uploads on the
 * site, the API and the CDN load directly.
 */
export function createServerMarkdownRenderer(site: ServerMarkdownSite): MarkdownRenderer {
  return createMarkdownRenderer({
    purify: createHtmlPurifier(),
    imageProxyUrl: site.imageProxyUrl,
    ...(site.imageProxyUrl === undefined ? {} : { trustedMediaHosts: [] }),
    ownMediaHosts: [...new Set([...hostOf(site.publicSiteUrl), ...hostOf(site.publicApiUrl), ...hostOf(site.publicCdnUrl)])],
    siteHosts: hostOf(site.publicSiteUrl),
  });
}
