// The offered codes live in locale-codes.ts (the website's shell needs them without the rest).
export { LOCALE_CODES, matchLocale } from './locale-codes.js';

/** The language a project's own texts are taken to be in until its team says otherwise. */
export const DEFAULT_CONTENT_LANGUAGE = 'en-US';

/** The primary language subtag, lower case ("pt" of "pt-BR"). */
export function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split('-')[0] ?? '';
}

export interface LanguageRange {
  tag: string;
  quality: number;
}

/**
 * The ranges of an Accept-Language header, most wanted first (quality values honoured, ties in
 * the header's order; ranges with q=0 and malformed ones are left out).
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: Array<LanguageRange & { index: number }> = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
    let quality = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      if (match) quality = Math.min(1, Number(match[1]));
    }
    if (quality > 0) ranges.push({ tag, quality, index });
  });
  return ranges.sort((a, b) => b.quality - a.quality || a.index - b.index).map(({ tag, quality }) => ({ tag, quality }));
}

/**
 * Which of `available` languages to answer in: `requested` (a `lang` parameter) wins, else the
 * Accept-Language ranges in order. Each wish matches its exact tag first, then a language with
 * the same primary subtag (de-AT → de-DE). Undefined when nothing matches (answer the original).
 */
export function negotiateLanguage(available: readonly string[], requested: string | undefined, acceptLanguage: string | undefined): string | undefined {
  if (available.length === 0) return undefined;
  const wishes = requested !== undefined ? [requested] : parseAcceptLanguage(acceptLanguage).map((r) => r.tag).filter((tag) => tag !== '*');
  for (const wish of wishes) {
    const lower = wish.toLowerCase();
    const exact = available.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const primary = primaryLanguage(wish);
    const related = available.find((code) => primaryLanguage(code) === primary);
    if (related) return related;
  }
  return undefined;
}
