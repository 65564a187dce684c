import { describe, expect, it } from 'vitest';
import { downloadCandidates, initialChoice, isCompatible } from './download-choice';

const version = (id: string, version_type: 'release' | 'beta' | 'alpha', day: number, loaders = ['fabric'], game_versions = ['1.21']) => ({
  id,
  version_type,
  loaders,
  game_versions,
  date_published: new Date(Date.UTC(2026, 0, day)).toISOString(),
});

describe('downloadCandidates', () => {
  it('offers the newest release, and newer betas and alphas', () => {
    const versions = [version('r1', 'release', 1), version('r2', 'release', 5), version('b1', 'beta', 3), version('b2', 'beta', 8), version('a1', 'alpha', 9)];
    expect(downloadCandidates(versions, { gameVersion: '1.21', loader: 'fabric' }).map((v) => v.id)).toEqual(['a1', 'b2', 'r2']);
  });

  it('leaves out betas and alphas older than the release', () => {
    const versions = [version('r1', 'release', 10), version('b1', 'beta', 3), version('a1', 'alpha', 9)];
    expect(downloadCandidates(versions, { gameVersion: '1.21', loader: 'fabric' }).map((v) => v.id)).toEqual(['r1']);
  });

  it('leaves out an alpha older than a newer beta', () => {
    const versions = [version('r1', 'release', 1), version('b1', 'beta', 7), version('a1', 'alpha', 4)];
    expect(downloadCandidates(versions, {}).map((v) => v.id)).toEqual(['b1', 'r1']);
  });

  it('offers the newest beta when there is no release', () => {
    expect(downloadCandidates([version('b1', 'beta', 1), version('b2', 'beta', 2)], {}).map((v) => v.id)).toEqual(['b2']);
  });

  it('only considers versions for the chosen game version and platform', () => {
    const versions = [version('new-forge', 'release', 9, ['forge']), version('old-fabric', 'release', 2, ['fabric']), version('other-game', 'release', 8, ['fabric'], ['1.20.1'])];
    expect(downloadCandidates(versions, { gameVersion: '1.21', loader: 'fabric' }).map((v) => v.id)).toEqual(['old-fabric']);
    expect(downloadCandidates(versions, { gameVersion: '1.19', loader: 'fabric' })).toEqual([]);
  });
});

describe('isCompatible', () => {
  const versions = [version('a', 'release', 1, ['fabric'], ['1.21']), version('b', 'release', 2, ['forge'], ['1.20.1'])];
  it('needs one version with both the game version and the platform', () => {
    expect(isCompatible(versions, { gameVersion: '1.21', loader: 'fabric' })).toBe(true);
    expect(isCompatible(versions, { gameVersion: '1.21', loader: 'forge' })).toBe(false);
    expect(isCompatible(versions, { gameVersion: '1.20.1' })).toBe(true);
    expect(isCompatible(versions, {})).toBe(true);
  });
});

describe('initialChoice', () => {
  const versions = [version('a', 'release', 1, ['fabric'], ['1.21']), version('b', 'release', 2, ['forge'], ['1.20.1'])];
  it('keeps a supported preselection from the URL', () => {
    expect(initialChoice(versions, { gameVersion: '1.21', loader: 'fabric' }, ['1.21', '1.20.1'], ['fabric', 'forge'])).toEqual({ gameVersion: '1.21', loader: 'fabric' });
  });

  it('drops unknown values and an incompatible platform', () => {
    expect(initialChoice(versions, { gameVersion: '9.9', loader: 'quilt' }, ['1.21', '1.20.1'], ['fabric', 'forge'])).toEqual({ gameVersion: undefined, loader: undefined });
    expect(initialChoice(versions, { gameVersion: '1.21', loader: 'forge' }, ['1.21', '1.20.1'], ['fabric', 'forge'])).toEqual({ gameVersion: '1.21', loader: undefined });
  });

  it('chooses the only game version or platform there is', () => {
    expect(initialChoice([versions[0]!], {}, ['1.21'], ['fabric'])).toEqual({ gameVersion: '1.21', loader: 'fabric' });
  });
});
