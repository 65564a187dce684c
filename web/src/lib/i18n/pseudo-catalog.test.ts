import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MessageId } from './catalogs';
import { pseudoCatalog } from './pseudo-catalog';

const catalog = {
  'a.files': '{count, plural, one {# file} other {# files}} in {folder}',
  'a.link': 'Read the <link>guide</link>',
  'a.kind': '{kind, select, mod {A mod} other {A project}}',
};

const format = (message: unknown, locale: string, values: Record<string, unknown>) => {
  const id = 'home.hero.title';
  const intl = createIntl({ locale, messages: { [id]: message as string } as unknown as Record<MessageId, string> });
  const result = intl.formatMessage({ id }, values as Record<string, string>) as string | string[];
  return Array.isArray(result) ? result.join('') : result;
};

describe('pseudoCatalog', () => {
  it('accents and lengthens the text and leaves arguments, plurals and tags working', async () => {
    const accented = await pseudoCatalog(catalog, 'en-XA');
    expect(format(accented['a.files'], 'en', { count: 2, folder: 'world' })).toBe('2 ƒîļéš·· îñ· world');
    expect(format(accented['a.kind'], 'en', { kind: 'mod' })).toBe('Å ɱöð··');
    const link = format(accented['a.link'], 'en', { link: (chunks: string[]) => `[${chunks.join('')}]` });
    expect(link).toBe('Ŕéáð ţĥé··· [ĝûîðé··]');
  });

  it('draws the text right to left around the arguments', async () => {
    const bidi = await pseudoCatalog(catalog, 'ar-XB');
    expect(format(bidi['a.files'], 'en', { count: 1, folder: 'world' })).toBe('1\u202E file\u202C\u202E in \u202Cworld');
  });

  it('takes catalogs already parsed, as the production build ships them', async () => {
    const parsed = { 'a.kind': parse(catalog['a.kind']) };
    const bidi = await pseudoCatalog(parsed, 'ar-XB');
    expect(format(bidi['a.kind'], 'en', { kind: 'other' })).toBe('\u202EA project\u202C');
  });
});
