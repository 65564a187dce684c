import { DEFAULT_CONTENT_LANGUAGE, matchLocale, negotiateLanguage } from '@cairn/shared/constants/languages';

/** The languages a text is available in, the original first. */
export function availableLanguages(original: string | undefined, languages: readonly string[] | undefined): { original: string; languages: readonly string[] } {
  const first = original ?? languages?.[0] ?? DEFAULT_CONTENT_LANGUAGE;
  return { original: first, languages: languages && languages.length > 0 ? languages : [first] };
}

/**
 * The language to show: the one in `?lang=` when the text has it, else the reader's UI language
 * (exactly, then another of the same language) when the text has it, else the original.
 */
export function shownLanguage(languages: readonly string[], original: string, requested: string | null, uiLocale: string): string {
  const asked = matchLocale(requested);
  if (asked && languages.includes(asked)) return asked;
  return negotiateLanguage(languages, uiLocale, undefined) ?? original;
}
