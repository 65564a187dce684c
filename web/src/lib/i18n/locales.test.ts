import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isRtlLocale, LOCALE_CODES, LOCALE_COOKIE_OPTIONS, localizedUrl, matchLocale, resolveInitialLocale, RTL_LOCALES } from './locales';
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

  it('adds hl for other locales and never for the default', () => {
    expect(localizedUrl('https://cairn.test/mods?q=a', 'de-DE')).toBe('https://cairn.test/mods?q=a&hl=de-DE');
    expect(localizedUrl('https://cairn.test/mods?hl=de-DE&q=a', 'en-US')).toBe('https://cairn.test/mods?q=a');
    expect(localizedUrl('/user/x?hl=fr-FR', 'en-US')).toBe('/user/x');
    expect(localizedUrl('/user/x#top', 'es-419')).toBe('/user/x?hl=es-419#top');
  });
});
