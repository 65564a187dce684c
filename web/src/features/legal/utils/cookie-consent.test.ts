import { describe, expect, it } from 'vitest';
import { OPTIONAL_COOKIES, readCookie, TEN_YEARS_SECONDS, writeCookie } from '../../../lib/cookies';
import { readCookieConsent, writeCookieConsent } from './cookie-consent';

describe('cookie consent', () => {
  it('allows preference cookies until they are declined, then deletes and refuses them', () => {
    expect(readCookieConsent()).toBe('all');
    for (const name of OPTIONAL_COOKIES) writeCookie(name, 'x', { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' });
    expect(OPTIONAL_COOKIES.map((name) => readCookie(name))).toEqual(OPTIONAL_COOKIES.map(() => 'x'));

    writeCookieConsent('essential');
    expect(readCookieConsent()).toBe('essential');
    expect(OPTIONAL_COOKIES.map((name) => readCookie(name))).toEqual(OPTIONAL_COOKIES.map(() => undefined));
    writeCookie('cairn-locale', 'fr', { maxAgeSeconds: 60, sameSite: 'Strict' });
    expect(readCookie('cairn-locale')).toBeUndefined();
    // Cookies that are not optional are unaffected.
    writeCookie('other', 'y', { maxAgeSeconds: 60, sameSite: 'Lax' });
    expect(readCookie('other')).toBe('y');

    writeCookieConsent('all');
    writeCookie('cairn-locale', 'fr', { maxAgeSeconds: 60, sameSite: 'Strict' });
    expect(readCookie('cairn-locale')).toBe('fr');
  });
});
