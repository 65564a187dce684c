import { describe, expect, it } from 'vitest';
import { browserLocale, DEFAULT_LOCALE, isRtlLocale, LOCALE_CODES, LOCALE_COOKIE_OPTIONS, localizedUrl, matchLocale, resolveInitialLocale, RTL_LOCALES } from './locales';
import { LOCALES } from './locale-names';

describe('locales', () => {
  it('offers about sixty languages with en-US as the default', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(LOCALES.length).toBeGreaterThanOrEqual(55);
    expect(LOCALES.length).toBeLessThanOrEqual(65);
    expect(new Set(LOCALES.map((l) => l.code)).size).toBe(LOCALES.length);
    expect(LOCALES.some((l) => l.code === 'en-US')).toBe(true);
  });

  it('keeps the code and right-to-left lists in agreement with the full list', () => {
    expect(LOCALE_CODES).toEqual(LOCALES.map((l) => l.code));
    expect(RTL_LOCALES).toEqual(LOCALES.filter((l) => l.rtl).map((l) => l.code));
    expect(isRtlLocale('he-IL')).toBe(true);
    expect(isRtlLocale('en-US')).toBe(false);
  });

  it('keeps the locale cookie for a year, SameSite=Strict', () => {
    expect(LOCALE_COOKIE_OPTIONS).toEqual({ maxAgeSeconds: 31_536_000, sameSite: 'Strict' });
  });

  it('matches listed locales case-insensitively and nothing else', () => {
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale(' DE-de ')).toBe('de-DE');
    expect(matchLocale('xx-YY')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
    expect(matchLocale(null)).toBeUndefined();
  });

  it('takes hl first, then the cookie, then the default', () => {
    expect(resolveInitialLocale('?hl=fr-FR', 'de-DE')).toBe('fr-FR');
    expect(resolveInitialLocale('?hl=klingon', 'de-DE')).toBe('de-DE');
    expect(resolveInitialLocale('', 'ja-jp')).toBe('ja-JP');
    expect(resolveInitialLocale('', 'nope')).toBe('en-US');
    expect(resolveInitialLocale('?q=x', undefined)).toBe('en-US');
  });

  it('takes the first browser language Cairn is translated into, English stopping the search', () => {
    const translated = (code: string) => code === 'en-US' || code === 'de-DE';
    expect(browserLocale(['de-DE', 'en-US'], translated)).toBe('de-DE');
    expect(browserLocale(['de-AT', 'en'], translated)).toBe('de-DE');
    expect(browserLocale(['de'], translated)).toBe('de-DE');
    expect(browserLocale(['fr-FR', 'de-CH'], translated)).toBe('de-DE');
    expect(browserLocale(['en-GB', 'de-DE'], translated)).toBe('en-US');
    expect(browserLocale(['fr-FR', 'ja'], translated)).toBeUndefined();
    expect(resolveInitialLocale('', undefined, ['de-AT'], translated)).toBe('de-DE');
    expect(resolveInitialLocale('', 'fr-FR', ['de-AT'], translated)).toBe('fr-FR');
    expect(resolveInitialLocale('?hl=en-US', undefined, ['de-AT'], translated)).toBe('en-US');
  });

  it('reaches the pseudo-locales through hl only, the bidi one right to left', () => {
    expect(resolveInitialLocale('?hl=ar-xb', 'de-DE')).toBe('ar-XB');
    expect(resolveInitialLocale('?hl=en-XA', undefined)).toBe('en-XA');
    expect(resolveInitialLocale('', 'ar-XB')).toBe('en-US');
    expect(isRtlLocale('ar-XB')).toBe(true);
    expect(isRtlLocale('en-XA')).toBe(false);
  });

  it('adds hl for other locales and never for the default', () => {
    expect(localizedUrl('https://cairn.test/mods?q=a', 'de-DE')).toBe('https://cairn.test/mods?q=a&hl=de-DE');
    expect(localizedUrl('https://cairn.test/mods?hl=de-DE&q=a', 'en-US')).toBe('https://cairn.test/mods?q=a');
    expect(localizedUrl('/user/x?hl=fr-FR', 'en-US')).toBe('/user/x');
    expect(localizedUrl('/user/x#top', 'es-419')).toBe('/user/x?hl=es-419#top');
  });
});
