import { describe, expect, it } from 'vitest';
import { canonicalProjectUrl } from './canonical';

const mod = { id: 'AbCd1234', slug: 'lanternlight', project_type: 'mod' as const, loaders: ['fabric', 'quilt'] };

describe('canonicalProjectUrl', () => {
  it('leaves a canonical URL alone', () => {
    expect(canonicalProjectUrl({ pathname: '/mod/lanternlight' }, mod)).toBeUndefined();
    expect(canonicalProjectUrl({ pathname: '/mod/lanternlight/version/1.0.0' }, mod)).toBeUndefined();
  });

  it('replaces an id by the slug, keeping the rest of the path, the query and the hash', () => {
    expect(canonicalProjectUrl({ pathname: '/mod/AbCd1234/versions', search: '?page=2', hash: '#download' }, mod)).toBe(
      '/mod/lanternlight/versions?page=2#download',
    );
  });

  it('replaces the permanent /project/ link and a wrong type', () => {
    expect(canonicalProjectUrl({ pathname: '/project/AbCd1234' }, mod)).toBe('/mod/lanternlight');
    expect(canonicalProjectUrl({ pathname: '/shader/lanternlight/gallery' }, mod)).toBe('/mod/lanternlight/gallery');
  });

  it('derives plugin and data pack URLs from the loaders', () => {
    expect(canonicalProjectUrl({ pathname: '/mod/market' }, { ...mod, slug: 'market', loaders: ['paper', 'fabric'] })).toBe('/plugin/market');
    expect(canonicalProjectUrl({ pathname: '/plugin/ruins' }, { ...mod, slug: 'ruins', loaders: ['datapack', 'paper'] })).toBe('/datapack/ruins');
    expect(canonicalProjectUrl({ pathname: '/mod/pack' }, { ...mod, slug: 'pack', project_type: 'modpack', loaders: ['fabric'] })).toBe('/modpack/pack');
  });

  it('compares the slug exactly (a differently cased slug is replaced)', () => {
    expect(canonicalProjectUrl({ pathname: '/mod/LanternLight' }, mod)).toBe('/mod/lanternlight');
  });
});
