/**
 * Pseudo-locales, for checking layouts without a translation: `en-XA` shows English accented and
 * about a third longer (text that clips or overflows shows up as it would in a longer language),
 * `ar-XB` shows it right to left with the page mirrored. They are reached with `?hl=` only and are
 * never offered in the language picker.
 */
export const PSEUDO_LOCALES = ['en-XA', 'ar-XB'] as const;
export type PseudoLocale = (typeof PSEUDO_LOCALES)[number];

export function matchPseudoLocale(value: string | null | undefined): PseudoLocale | undefined {
  const lower = value?.trim().toLowerCase();
  return PSEUDO_LOCALES.find((code) => code.toLowerCase() === lower);
}
