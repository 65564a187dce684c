import { ONE_YEAR_SECONDS, type CookieOptions } from '../cookies';

/** The site's languages. Only en-US ships translations today (spec §9). */
export const DEFAULT_LOCALE = 'en-US';
export const LOCALE_COOKIE = 'cairn-locale';
export const LOCALE_COOKIE_OPTIONS: CookieOptions = { maxAgeSeconds: ONE_YEAR_SECONDS, sameSite: 'Strict' };
/** URL parameter that selects a language for one visit (shared links, search engines). */
const LOCALE_URL_PARAM = 'hl';

/**
 * The codes of the languages offered, and the right-to-left ones: all the shell needs. Their names
 * live in `locale-names.ts`, which only the language picker imports, so they stay out of every
 * page's first download (a bundler keeps or drops whole modules per chunk). A test keeps the
 * lists in agreement.
 */
export const LOCALE_CODES: readonly string[] = [
  'af-ZA', 'ar-SA', 'az-AZ', 'be-BY', 'bg-BG', 'bn-BD', 'ca-ES', 'cs-CZ', 'da-DK', 'de-DE', 'de-CH', 'el-GR',
  'en-GB', 'en-US', 'eo', 'es-ES', 'es-419', 'et-EE', 'eu-ES', 'fa-IR', 'fi-FI', 'fil-PH', 'fr-FR', 'fr-CA',
  'ga-IE', 'gl-ES', 'he-IL', 'hi-IN', 'hr-HR', 'hu-HU', 'hy-AM', 'id-ID', 'is-IS', 'it-IT', 'ja-JP', 'ka-GE',
  'kk-KZ', 'ko-KR', 'ky-KG', 'lt-LT', 'lv-LV', 'ms-MY', 'nb-NO', 'nl-NL', 'pl-PL', 'pt-BR', 'pt-PT', 'ro-RO',
  'ru-RU', 'sk-SK', 'sl-SI', 'sr-RS', 'sv-SE', 'ta-IN', 'th-TH', 'tr-TR', 'uk-UA', 'uz-UZ', 'vi-VN', 'zh-CN',
  'zh-TW',
];
export const RTL_LOCALES: readonly string[] = ['ar-SA', 'fa-IR', 'he-IL'];

/** The listed code for `value`, matched case-insensitively ("pt-br" → "pt-BR"); undefined if not listed. */
export function matchLocale(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const lower = value.trim().toLowerCase();
  return LOCALE_CODES.find((code) => code.toLowerCase() === lower);
}

export function isRtlLocale(code: string): boolean {
  return RTL_LOCALES.includes(code);
}

/** `?hl=` wins (one visit), then the cookie (the user's choice), then the default. */
export function resolveInitialLocale(search: string, cookieValue: string | undefined): string {
  return matchLocale(new URLSearchParams(search).get(LOCALE_URL_PARAM)) ?? matchLocale(cookieValue) ?? DEFAULT_LOCALE;
}

/** `url` with `hl` set for `locale`, or removed for the default locale (which has none). */
export function localizedUrl(url: string, locale: string): string {
  const parsed = new URL(url, 'http://placeholder.invalid');
  if (locale === DEFAULT_LOCALE) parsed.searchParams.delete(LOCALE_URL_PARAM);
  else parsed.searchParams.set(LOCALE_URL_PARAM, locale);
  const relative = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? `${parsed.origin}${relative}` : relative;
}
