import { describe, expect, it } from 'vitest';
import { parseModpackIndex } from './modpack.js';

const index = (dependencies: Record<string, string>) =>
  JSON.stringify({ formatVersion: 1, game: 'minecraft', files: [], dependencies });

describe('parseModpackIndex', () => {
  it('maps the index dependencies to loaders and the game version', () => {
    expect(parseModpackIndex(index({ minecraft: '1.21.1', 'fabric-loader': '0.16.0' }))).toEqual({
      name: undefined,
      versionId: undefined,
      loaders: ['fabric'],
      gameVersions: ['1.21.1'],
      files: [],
    });
  });

  it('ignores dependency names that are properties of every object', () => {
    const text = `{"formatVersion":1,"game":"minecraft","files":[],"dependencies":{"__proto__":"1","constructor":"2","toString":"3","forge":"47"}}`;
    expect(parseModpackIndex(text).loaders).toEqual(['forge']);
  });
});
