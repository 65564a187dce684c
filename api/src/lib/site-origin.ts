/**
 * Whether a request comes from the site's own pages: its Origin, or else its Referer, is one of
 * the site's origins. Scripts can forge both; this recognises the site, it authorises nothing.
 */
export function fromSiteOrigins(siteOrigins: ReadonlySet<string>, headers: { origin?: string; referer?: string }): boolean {
  const origin = headers.origin ?? originOf(headers.referer);
  return origin !== undefined && siteOrigins.has(origin);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
