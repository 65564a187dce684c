/** The languages of the language picker with their names (spec §9); codes as in `LOCALE_CODES`. */
interface LocaleInfo {
  code: string;
  /** Name in English. */
  name: string;
  /** Name in the language itself, as its speakers look for it. */
  nativeName: string;
  rtl?: boolean;
}

export const LOCALES: readonly LocaleInfo[] = [
  { code: 'af-ZA', name: 'Afrikaans', nativeName: 'Afrikaans' },
  { code: 'ar-SA', name: 'Arabic', nativeName: 'العربية', rtl: true },
  { code: 'az-AZ', name: 'Azerbaijani', nativeName: 'Azərbaycanca' },
  { code: 'be-BY', name: 'Belarusian', nativeName: 'Беларуская' },
  { code: 'bg-BG', name: 'Bulgarian', nativeName: 'Български' },
  { code: 'bn-BD', name: 'Bengali', nativeName: 'বাংলা' },
  { code: 'ca-ES', name: 'Catalan', nativeName: 'Català' },
  { code: 'cs-CZ', name: 'Czech', nativeName: 'Čeština' },
  { code: 'da-DK', name: 'Danish', nativeName: 'Dansk' },
  { code: 'de-DE', name: 'German', nativeName: 'Deutsch' },
  { code: 'de-CH', name: 'German (Switzerland)', nativeName: 'Deutsch (Schweiz)' },
  { code: 'el-GR', name: 'Greek', nativeName: 'Ελληνικά' },
  { code: 'en-GB', name: 'English (United Kingdom)', nativeName: 'English (UK)' },
  { code: 'en-US', name: 'English (United States)', nativeName: 'English (US)' },
  { code: 'eo', name: 'Esperanto', nativeName: 'Esperanto' },
  { code: 'es-ES', name: 'Spanish (Spain)', nativeName: 'Español (España)' },
  { code: 'es-419', name: 'Spanish (Latin America)', nativeName: 'Español (Latinoamérica)' },
  { code: 'et-EE', name: 'Estonian', nativeName: 'Eesti' },
  { code: 'eu-ES', name: 'Basque', nativeName: 'Euskara' },
  { code: 'fa-IR', name: 'Persian', nativeName: 'فارسی', rtl: true },
  { code: 'fi-FI', name: 'Finnish', nativeName: 'Suomi' },
  { code: 'fil-PH', name: 'Filipino', nativeName: 'Filipino' },
  { code: 'fr-FR', name: 'French', nativeName: 'Français' },
  { code: 'fr-CA', name: 'French (Canada)', nativeName: 'Français (Canada)' },
  { code: 'ga-IE', name: 'Irish', nativeName: 'Gaeilge' },
  { code: 'gl-ES', name: 'Galician', nativeName: 'Galego' },
  { code: 'he-IL', name: 'Hebrew', nativeName: 'עברית', rtl: true },
  { code: 'hi-IN', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'hr-HR', name: 'Croatian', nativeName: 'Hrvatski' },
  { code: 'hu-HU', name: 'Hungarian', nativeName: 'Magyar' },
  { code: 'hy-AM', name: 'Armenian', nativeName: 'Հայերեն' },
  { code: 'id-ID', name: 'Indonesian', nativeName: 'Bahasa Indonesia' },
  { code: 'is-IS', name: 'Icelandic', nativeName: 'Íslenska' },
  { code: 'it-IT', name: 'Italian', nativeName: 'Italiano' },
  { code: 'ja-JP', name: 'Japanese', nativeName: '日本語' },
  { code: 'ka-GE', name: 'Georgian', nativeName: 'ქართული' },
  { code: 'kk-KZ', name: 'Kazakh', nativeName: 'Қазақ тілі' },
  { code: 'ko-KR', name: 'Korean', nativeName: '한국어' },
  { code: 'ky-KG', name: 'Kyrgyz', nativeName: 'Кыргызча' },
  { code: 'lt-LT', name: 'Lithuanian', nativeName: 'Lietuvių' },
  { code: 'lv-LV', name: 'Latvian', nativeName: 'Latviešu' },
  { code: 'ms-MY', name: 'Malay', nativeName: 'Bahasa Melayu' },
  { code: 'nb-NO', name: 'Norwegian Bokmål', nativeName: 'Norsk bokmål' },
  { code: 'nl-NL', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'pl-PL', name: 'Polish', nativeName: 'Polski' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', nativeName: 'Português (Brasil)' },
  { code: 'pt-PT', name: 'Portuguese (Portugal)', nativeName: 'Português (Portugal)' },
  { code: 'ro-RO', name: 'Romanian', nativeName: 'Română' },
  { code: 'ru-RU', name: 'Russian', nativeName: 'Русский' },
  { code: 'sk-SK', name: 'Slovak', nativeName: 'Slovenčina' },
  { code: 'sl-SI', name: 'Slovenian', nativeName: 'Slovenščina' },
  { code: 'sr-RS', name: 'Serbian', nativeName: 'Српски' },
  { code: 'sv-SE', name: 'Swedish', nativeName: 'Svenska' },
  { code: 'ta-IN', name: 'Tamil', nativeName: 'தமிழ்' },
  { code: 'th-TH', name: 'Thai', nativeName: 'ไทย' },
  { code: 'tr-TR', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'uk-UA', name: 'Ukrainian', nativeName: 'Українська' },
  { code: 'uz-UZ', name: 'Uzbek', nativeName: 'Oʻzbekcha' },
  { code: 'vi-VN', name: 'Vietnamese', nativeName: 'Tiếng Việt' },
  { code: 'zh-CN', name: 'Chinese (Simplified)', nativeName: '简体中文' },
  { code: 'zh-TW', name: 'Chinese (Traditional)', nativeName: '繁體中文' },
];

export function localeInfo(code: string): LocaleInfo | undefined {
  return LOCALES.find((locale) => locale.code === code);
}
