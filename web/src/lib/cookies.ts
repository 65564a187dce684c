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

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options, window.location.protocol === 'https:');
}

/** Ten years, the lifetime of the theme and cosmetics cookies. */
export const TEN_YEARS_SECONDS = 315_360_000;
/** One year, the lifetime of the locale cookie. */
export const ONE_YEAR_SECONDS = 31_536_000;
