import type { MessageFormatElement } from 'react-intl';
import type { PseudoLocale } from './pseudo-locales';

// Loaded only when a pseudo-locale is asked for, so its tables stay out of the shell.

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Right-to-left override … pop directional formatting: Latin letters drawn right to left. */
const RTL_OVERRIDE = '\u202E';
const POP_DIRECTION = '\u202C';

function pseudoText(text: string, locale: PseudoLocale): string {
  if (locale === 'ar-XB') return text.trim() ? `${RTL_OVERRIDE}${text}${POP_DIRECTION}` : text;
  const accented = text.replace(/[A-Za-z]/g, (letter) => ACCENTS[letter] ?? letter);
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  // About a third longer, as the longer languages run: one filler per three letters.
  if (letters === 0) return accented;
  const [, body = '', trailing = ''] = /^([\s\S]*?)(\s*)$/.exec(accented) ?? [];
  return `${body}${'·'.repeat(Math.ceil(letters / 3))}${trailing}`;
}

function pseudoElements(elements: MessageFormatElement[], locale: PseudoLocale): MessageFormatElement[] {
  return elements.map((element): MessageFormatElement => {
    if (element.type === 0) return { ...element, value: pseudoText(element.value, locale) };
    if (element.type === 8) return { ...element, children: pseudoElements(element.children, locale) };
    if (element.type === 5 || element.type === 6) {
      const options = Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value, locale) }]));
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

/**
 * `catalog` in `locale`: each message's literal text transformed, its arguments, tags and plural
 * rules untouched. Production catalogs are already parsed (ASTs); the strings of tests and the
 * dev server are parsed here, with the parser loaded only then.
 */
export async function pseudoCatalog<C extends Record<string, string | MessageFormatElement[]>>(catalog: C, locale: PseudoLocale): Promise<C> {
  const needsParser = Object.values(catalog).some((message) => typeof message === 'string');
  const parse = needsParser ? (await import('@formatjs/icu-messageformat-parser')).parse : undefined;
  const entries = Object.entries(catalog).map(([key, message]) => {
    const elements = typeof message === 'string' ? (parse!(message) as MessageFormatElement[]) : message;
    return [key, pseudoElements(elements, locale)];
  });
  return Object.fromEntries(entries) as C;
}
