import { UAParser } from 'ua-parser-js';

/** Where a session was opened from, as listed on the sessions page. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Operating system and browser (or app) names from a User-Agent header. */
export function describeUserAgent(userAgent: string | null): { os: string | null; platform: string | null } {
  if (!userAgent) return { os: null, platform: null };
  const parsed = new UAParser(userAgent.slice(0, 1024)).getResult();
  return { os: parsed.os.name ?? null, platform: parsed.browser.name ?? null };
}
