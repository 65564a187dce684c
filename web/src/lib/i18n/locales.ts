import { ONE_YEAR_SECONDS, type CookieOptions } from '../cookies';
import { LOCALE_CODES, matchLocale } from '@cairn/shared/constants/locale-codes';
import { matchPseudoLocale } from './pseudo-locales';

/** The site's languages; those with a catalog under `src/locales/` show their own text (see catalogs.ts). */
export const DEFAULT_LOCALE = 'en-US';
export const LOCALE_COOKIE = 'cairn-locale';
export const LOCALE_COOKIE_OPTIONS: CookieOptions = { maxAgeSeconds: ONE_YEAR_SECONDS, sameSite: 'Strict' };
/** URL parameter that selects a language for one visit (shared links, search engines). */
const LOCALE_URL_PARAM = 'hl';

/**
 * The codes of the languages offered (kept in shared, as the API validates content languages
 * against them), and the right-to-left ones: all the shell needs. Their names live in
 * `locale-names.ts`, which only the language picker imports, so they stay out of every page's
 * first download (a bundler keeps or drops whole modules per chunk). A test keeps the lists in
 * agreement.
 */
export { LOCALE_CODES, matchLocale };
export const RTL_LOCALES: readonly string[] = ['ar-SA', 'fa-IR', 'he-IL'];

export function isRtlLocale(code: string): boolean {
  return RTL_LOCALES.includes(code) || code === 'ar-XB';
}

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that Cairn is
 * translated into: the exact locale, else another of the same language (de-AT → de-DE). English in
 * the list stops the search, since the site is in English already.
 */
export function browserLocale(languages: readonly string[], isTranslated: (code: string) => boolean): string | undefined {
  for (const language of languages) {
    const exact = matchLocale(language);
    if (exact && isTranslated(exact)) return exact;
    const primary = language.trim().toLowerCase().split('-')[0];
    const related = LOCALE_CODES.find((code) => code.toLowerCase().split('-')[0] === primary && isTranslated(code));
    if (related) return related;
  }
  return undefined;
}

/**
 * `?hl=` wins (one visit; pseudo-locales too), then the cookie (the user's choice), then the
 * browser's languages, then the default.
 */
export function resolveInitialLocale(
  search: string,
  cookieValue: string | undefined,
  languages: readonly string[] = [],
  isTranslated: (code: string) => boolean = (code) => code === DEFAULT_LOCALE,
): string {
  const requested = new URLSearchParams(search).get(LOCALE_URL_PARAM);
  return matchLocale(requested) ?? matchPseudoLocale(requested) ?? matchLocale(cookieValue) ?? browserLocale(languages, isTranslated) ?? DEFAULT_LOCALE;
}

/** `url` with `hl` set for `locale`, or removed for the default locale (which has none). */
export function localizedUrl(url: string, locale: string): string {
  const parsed = new URL(url, 'http://placeholder.invalid');
  if (locale === DEFAULT_LOCALE) parsed.searchParams.delete(LOCALE_URL_PARAM);
  else parsed.searchParams.set(LOCALE_URL_PARAM, locale);
  const relative = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? `${parsed.origin}${relative}` : relative;
}
