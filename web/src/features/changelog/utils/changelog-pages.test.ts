import { describe, expect, it } from 'vitest';
import { CHANGELOG_ENTRIES } from '../api/changelog-entries';
import { CHANGELOG_PAGE_SIZE, changelogPage, findChangelogEntry, parsePage, parseProductFilter } from './changelog-pages';

const entries = Array.from({ length: 11 }, (_, index) => ({
  date: `2026-01-${String(20 - index).padStart(2, '0')}`,
  product: index % 3 === 0 ? ('app' as const) : ('web' as const),
  version: index % 3 === 0 ? `0.${index}.0` : undefined,
}));

describe('changelog pages', () => {
  it('filters by product and pages newest first', () => {
    const all = changelogPage(entries, undefined, 1);
    expect(all.entries).toHaveLength(CHANGELOG_PAGE_SIZE);
    expect(all.pageCount).toBe(2);
    expect(changelogPage(entries, undefined, 2).entries.map((entry) => entry.date)).toEqual(['2026-01-12', '2026-01-11', '2026-01-10']);
    const app = changelogPage(entries, 'app', 1);
    expect(app.entries.every((entry) => entry.product === 'app')).toBe(true);
    expect(app.pageCount).toBe(1);
    expect(changelogPage(entries, 'servers', 1)).toEqual({ entries: [], page: 1, pageCount: 1 });
  });

  it('reads the filter and page from the query, ignoring nonsense', () => {
    expect(parseProductFilter('app')).toBe('app');
    expect(parseProductFilter('phone')).toBeUndefined();
    expect(parsePage('2', 3)).toBe(2);
    expect(parsePage('9', 3)).toBe(1);
    expect(parsePage('x', 3)).toBe(1);
  });

  it('finds an entry by date or by version label', () => {
    expect(findChangelogEntry(entries, 'app', '0.3.0')?.date).toBe('2026-01-17');
    expect(findChangelogEntry(entries, 'app', '2026-01-20')?.version).toBe('0.0.0');
    expect(findChangelogEntry(entries, 'web', '2026-01-20')).toBeUndefined();
  });
});

describe('the bundled changelog', () => {
  it('holds the repository entries, newest first, with bodies', () => {
    expect(CHANGELOG_ENTRIES.length).toBeGreaterThan(CHANGELOG_PAGE_SIZE);
    const dates = CHANGELOG_ENTRIES.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(CHANGELOG_ENTRIES.every((entry) => entry.body.trim().length > 0)).toBe(true);
    expect(new Set(CHANGELOG_ENTRIES.map((entry) => entry.product))).toEqual(new Set(['web', 'servers', 'app']));
  });
});
