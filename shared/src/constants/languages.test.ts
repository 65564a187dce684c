import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, matchLocale, negotiateLanguage, parseAcceptLanguage } from './languages.js';

describe('content languages', () => {
  it('lists about sixty distinct codes', () => {
    expect(new Set(LOCALE_CODES).size).toBe(LOCALE_CODES.length);
    expect(LOCALE_CODES.length).toBeGreaterThanOrEqual(55);
    expect(matchLocale('DE-de')).toBe('de-DE');
    expect(matchLocale('xx')).toBeUndefined();
  });

  it('orders Accept-Language ranges by quality, then by position, dropping q=0 and junk', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-AT, en;q=0.8, it;q=0, <b>, ja;q=0.8')).toEqual([
      { tag: 'de-AT', quality: 1 },
      { tag: 'en', quality: 0.8 },
      { tag: 'ja', quality: 0.8 },
      { tag: 'fr', quality: 0.5 },
    ]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('prefers the exact tag, then the same primary language, and gives up otherwise', () => {
    const available = ['de-DE', 'de-CH', 'fr-FR'];
    expect(negotiateLanguage(available, undefined, 'de-CH, fr;q=0.9')).toBe('de-CH');
    expect(negotiateLanguage(available, undefined, 'de-AT')).toBe('de-DE');
    expect(negotiateLanguage(available, undefined, 'it, fr;q=0.4')).toBe('fr-FR');
    expect(negotiateLanguage(available, undefined, 'fr;q=0.4, de;q=0.9')).toBe('de-DE');
    expect(negotiateLanguage(available, undefined, 'ja, *')).toBeUndefined();
    expect(negotiateLanguage(available, 'fr-ca', 'de-DE')).toBe('fr-FR');
    expect(negotiateLanguage(available, 'ja-JP', 'de-DE')).toBeUndefined();
    expect(negotiateLanguage([], 'de-DE', undefined)).toBeUndefined();
  });
});
