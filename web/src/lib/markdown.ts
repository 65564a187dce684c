import { highlightCode } from '@cairn/shared/markdown/highlighter';
import { createMarkdownRenderer, type MarkdownRenderer } from '@cairn/shared/markdown/renderer';
import DOMPurify from 'dompurify';
import { env } from '../config/env';

/**
 * The site's markdown renderer (spec §5 rules from @cairn/shared/markdown). Heavy (parser,
 * highlighter, sanitiser): import this module dynamically, as `components/markdown` does, so it
 * stays out of every route's first chunk.
 */

function hostOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url, window.location.href).host];
  } catch {
    return [];
  }
}

function createSiteMarkdownRenderer(): MarkdownRenderer {
  const siteHost = window.location.host;
  return createMarkdownRenderer({
    // A private instance (bound to this window): the policy's hooks must not leak into other uses of DOMPurify.
    purify: DOMPurify(),
    highlight: highlightCode,
    // Absolute, so that an image URL already pointing at the proxy is recognised as such.
    imageProxyUrl: env.imageProxyUrl === undefined ? undefined : new URL(env.imageProxyUrl, window.location.href).href,
    // With Cairn's own proxy every external image goes through it, so no other host is contacted;
    // without one the policy's short trusted list loads directly anyway.
    ...(env.imageProxyUrl === undefined ? {} : { trustedMediaHosts: [] }),
    // Uploaded images are served by the API (or the CDN in front of it).
    ownMediaHosts: [...new Set([siteHost, ...hostOf(env.apiUrl || undefined), ...hostOf(env.cdnUrl)])],
    siteHosts: [siteHost],
  });
}

let siteRenderer: MarkdownRenderer | undefined;

/** Markdown → sanitised HTML, ready for `dangerouslySetInnerHTML`. */
export function renderMarkdown(source: string): string {
  siteRenderer ??= createSiteMarkdownRenderer();
  return siteRenderer.render(source);
}
