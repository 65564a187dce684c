/**
 * The languages the website offers (BCP 47 tags): its UI languages and the languages a project's
 * summary, description and changelogs may be translated into. The website's names for them are
 * in web/src/lib/i18n/locale-names.ts (a test keeps both lists in agreement). Kept apart from
 * languages.ts so the website's shell, which needs only these, does not download the negotiation.
 */
export const LOCALE_CODES: readonly string[] = [
  'af-ZA', 'ar-SA', 'az-AZ', 'be-BY', 'bg-BG', 'bn-BD', 'ca-ES', 'cs-CZ', 'da-DK', 'de-DE', 'de-CH', 'el-GR',
  'en-GB', 'en-US', 'eo', 'es-ES', 'es-419', 'et-EE', 'eu-ES', 'fa-IR', 'fi-FI', 'fil-PH', 'fr-FR', 'fr-CA',
  'ga-IE', 'gl-ES', 'he-IL', 'hi-IN', 'hr-HR', 'hu-HU', 'hy-AM', 'id-ID', 'is-IS', 'it-IT', 'ja-JP', 'ka-GE',
  'kk-KZ', 'ko-KR', 'ky-KG', 'lt-LT', 'lv-LV', 'ms-MY', 'nb-NO', 'nl-NL', 'pl-PL', 'pt-BR', 'pt-PT', 'ro-RO',
  'ru-RU', 'sk-SK', 'sl-SI', 'sr-RS', 'sv-SE', 'ta-IN', 'th-TH', 'tr-TR', 'uk-UA', 'uz-UZ', 'vi-VN', 'zh-CN',
  'zh-TW',
];

/** The listed code for `value`, matched case-insensitively ("pt-br" → "pt-BR"); undefined if not listed. */
export function matchLocale(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const lower = value.trim().toLowerCase();
  return LOCALE_CODES.find((code) => code.toLowerCase() === lower);
}
