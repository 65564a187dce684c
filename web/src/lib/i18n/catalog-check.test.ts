import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from './catalog-check';

const localesRoot = join(__dirname, '../../locales');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;

/** Every catalog folder (the shell's, then each area's) with the translations it holds. */
function catalogFolders(): { folder: string; translations: string[] }[] {
  const folders = [localesRoot, ...readdirSync(localesRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(localesRoot, entry.name))];
  return folders.map((folder) => ({
    folder,
    translations: readdirSync(folder).filter((name) => name.endsWith('.json') && name !== 'en-US.json'),
  }));
}

describe('catalogProblems', () => {
  const english = {
    'a.greeting': 'Hello {name}',
    'a.count': '{count, plural, one {# file} other {# files}}',
    'a.link': 'Read the <link>guide</link>',
    'a.kind': '{kind, select, mod {A mod} other {A project}}',
    'a.when': 'Updated {when, date, medium}',
  };

  it('accepts a complete translation that takes the same arguments', () => {
    expect(
      catalogProblems(english, {
        'a.greeting': 'Hallo {name}',
        'a.count': '{count, plural, one {# Datei} other {# Dateien}}',
        'a.link': 'Lies die <link>Anleitung</link>',
        'a.kind': '{kind, select, mod {Eine Mod} other {Ein Projekt}}',
        'a.when': 'Aktualisiert {when, date, medium}',
      }),
    ).toEqual([]);
  });

  it('lets plural branches follow the language (Polish has few and many)', () => {
    const polish = { ...english, 'a.count': '{count, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}' };
    expect(catalogProblems({ 'a.count': english['a.count'] }, { 'a.count': polish['a.count'] })).toEqual([]);
  });

  it('names missing and extra keys, changed arguments, tags and select branches, and broken syntax', () => {
    expect(
      catalogProblems(english, {
        'a.greeting': 'Hallo {user}',
        'a.count': '{count, number} Dateien',
        'a.link': 'Lies die Anleitung',
        'a.kind': '{kind, select, other {Ein Projekt}}',
        'a.extra': 'Zusätzlich',
      }),
    ).toEqual([
      'a.extra: not in the English catalog',
      'a.greeting: arguments user:argument instead of name:argument',
      'a.count: arguments count:number instead of count:plural',
      'a.link: tags none instead of link',
      'a.kind: select branches kind:other instead of kind:mod, kind:other',
      'a.when: missing',
    ]);
    expect(catalogProblems({ 'a.greeting': 'Hello {name}' }, { 'a.greeting': 'Hallo {name' })[0]).toMatch(/^a\.greeting: does not parse/);
  });
});

describe("the repository's catalogs", () => {
  it('translate every English message, with the same arguments, in every language they exist in', () => {
    const problems = catalogFolders().flatMap(({ folder, translations }) => {
      const english = read(join(folder, 'en-US.json'));
      return translations.flatMap((name) => catalogProblems(english, read(join(folder, name))).map((problem) => `${join(folder, name).slice(localesRoot.length + 1)} ${problem}`));
    });
    expect(problems).toEqual([]);
  });

  it('hold the same languages in every area, so no page falls back to English alone', () => {
    const sets = catalogFolders().map(({ translations }) => translations.sort().join(','));
    expect(new Set(sets).size).toBe(1);
  });
});
