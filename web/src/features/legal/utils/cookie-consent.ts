import { CONSENT_COOKIE, OPTIONAL_COOKIES, readCookie, serializeCookie, type CookieOptions } from '../../../lib/cookies';

export type CookieConsent = 'all' | 'essential';

const CONSENT_COOKIE_OPTIONS: CookieOptions = { maxAgeSeconds: 31_536_000, sameSite: 'Lax' };

/** The visitor's choice; optional cookies are allowed until declined. */
export function readCookieConsent(cookieString: string = document.cookie): CookieConsent {
  return readCookie(CONSENT_COOKIE, cookieString) === 'essential' ? 'essential' : 'all';
}

/** Records the visitor's choice; declining deletes the optional cookies already stored. */
export function writeCookieConsent(consent: CookieConsent): void {
  const secure = window.location.protocol === 'https:';
  document.cookie = serializeCookie(CONSENT_COOKIE, consent, CONSENT_COOKIE_OPTIONS, secure);
  if (consent === 'essential') {
    for (const name of OPTIONAL_COOKIES) document.cookie = serializeCookie(name, '', { maxAgeSeconds: 0, sameSite: 'Lax' }, secure);
  }
}
