/** Script-readable preference cookies (theme, cosmetics, locale, feature flags). Never auth: that one is HttpOnly. */

export interface CookieOptions {
  maxAgeSeconds: number;
  sameSite: 'Lax' | 'Strict';
}

/** The value of cookie `name` in a `document.cookie` string, decoded; undefined when absent or undecodable. */
export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** `Secure` only over https: a browser drops a Secure cookie set from plain-http pages (local development). */
export function serializeCookie(name: string, value: string, options: CookieOptions, secure: boolean): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAgeSeconds}`, 'Path=/', `SameSite=${options.sameSite}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Cookies that only remember preferences; the visitor may decline them on /legal/cmp. The session
 * and the consent cookie itself are essential and always written.
 */
export const OPTIONAL_COOKIES: readonly string[] = ['cairn-locale', 'cairn-color-mode', 'cairn-cosmetics', 'cairn-feature-flags'];
/** The visitor's choice, `all` (the default) or `essential`: see features/legal/utils/cookie-consent.ts. */
export const CONSENT_COOKIE = 'cairn-consent';

/** Writes a preference cookie, unless it is optional and the visitor declined optional cookies. */
export function writeCookie(name: string, value: string, options: CookieOptions): void {
  if (OPTIONAL_COOKIES.includes(name) && readCookie(CONSENT_COOKIE) === 'essential') return;
  document.cookie = serializeCookie(name, value, options, window.location.protocol === 'https:');
}

/** Ten years, the lifetime of the theme and cosmetics cookies. */
export const TEN_YEARS_SECONDS = 315_360_000;
/** One year, the lifetime of the locale cookie. */
export const ONE_YEAR_SECONDS = 31_536_000;
