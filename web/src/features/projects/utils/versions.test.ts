import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import { describe, expect, it } from 'vitest';
import {
  filterVersions,
  parseVersionFilter,
  releaseVersions,
  versionFilterParams,
  versionGameVersions,
  versionLoaders,
  versionUrlEnding,
} from './versions';

const tag = (version: string, version_type: GameVersionTag['version_type'] = 'release'): GameVersionTag => ({
  version,
  version_type,
  date: '2024-01-01T00:00:00Z',
  major: false,
});
const tags = [tag('1.21'), tag('24w10a', 'snapshot'), tag('1.20.4'), tag('1.20.1')];
const v = (id: string, version_number: string, loaders: string[], game_versions: string[], version_type: 'release' | 'beta' | 'alpha' = 'release') => ({
  id,
  version_number,
  loaders,
  game_versions,
  version_type,
});
const versions = [
  v('a', '2.0.0', ['fabric'], ['1.21'], 'beta'),
  v('b', '1.5.0', ['fabric', 'quilt'], ['1.20.4', '1.20.1']),
  v('c', '1.0.0', ['forge'], ['1.20.1'], 'alpha'),
];

describe('version filters', () => {
  it('reads and writes l, g, c and page, keeping other parameters', () => {
    const params = new URLSearchParams('l=fabric&g=1.20.1&g=1.21&c=beta&c=nightly&page=3&hl=de-DE');
    const filter = parseVersionFilter(params);
    expect(filter).toEqual({ loaders: ['fabric'], gameVersions: ['1.20.1', '1.21'], channels: ['beta'] });
    expect(versionFilterParams(filter, 1, params).toString()).toBe('hl=de-DE&l=fabric&g=1.20.1&g=1.21&c=beta');
    expect(versionFilterParams(filter, 2).toString()).toBe('l=fabric&g=1.20.1&g=1.21&c=beta&page=2');
  });

  it('keeps versions matching every part, any value within a part', () => {
    expect(filterVersions(versions, { loaders: ['quilt', 'forge'], gameVersions: [], channels: [] }).map((x) => x.id)).toEqual(['b', 'c']);
    expect(filterVersions(versions, { loaders: ['fabric'], gameVersions: ['1.20.1'], channels: [] }).map((x) => x.id)).toEqual(['b']);
    expect(filterVersions(versions, { loaders: [], gameVersions: [], channels: ['alpha', 'beta'] }).map((x) => x.id)).toEqual(['a', 'c']);
    expect(filterVersions(versions, { loaders: ['forge'], gameVersions: ['1.21'], channels: [] })).toEqual([]);
  });

  it('lists the loaders and game versions the versions offer, game versions newest first', () => {
    expect(versionLoaders(versions)).toEqual(['fabric', 'quilt', 'forge']);
    expect(versionGameVersions([...versions, v('d', '0.1', ['fabric'], ['b1.7.3'])], tags)).toEqual(['1.21', '1.20.4', '1.20.1', 'b1.7.3']);
    expect(releaseVersions(tags)).toEqual(['1.21', '1.20.4', '1.20.1']);
  });
});

describe('versionUrlEnding', () => {
  it('uses the version number, or the id when the number is not unique', () => {
    const list = [v('x1', '1.0', [], []), v('x2', '1.0', [], []), v('x3', '2.0', [], [])];
    expect(versionUrlEnding(list[2]!, list)).toBe('2.0');
    expect(versionUrlEnding(list[0]!, list)).toBe('x1');
    expect(versionUrlEnding(list[1]!, list)).toBe('x2');
  });
});
