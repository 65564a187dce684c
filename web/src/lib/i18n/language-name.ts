/**
 * A content language's name in the reader's UI language ("Deutsch" is "German" to an English
 * reader), from the browser's own data so no list of names has to be downloaded; the code itself
 * where the browser has none.
 */
export function languageName(code: string, uiLocale: string): string {
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
