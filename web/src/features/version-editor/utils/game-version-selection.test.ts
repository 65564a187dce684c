import { describe, expect, it } from 'vitest';
import { buildGameVersionTags } from '../../../testing/mocks/catalogue';
import { listedGameVersions, toggleGameVersion } from './game-version-selection';

const listed = ['1.21', '1.20.6', '1.20.4', '1.20.2', '1.20.1'];

describe('game version selection', () => {
  it('lists releases unless all are shown, and always keeps selected snapshots', () => {
    const tags = buildGameVersionTags();
    expect(listedGameVersions(tags, false, [])).toEqual(['1.21', '1.20.4', '1.20.2', '1.20.1']);
    expect(listedGameVersions(tags, true, [])).toContain('24w14a');
    expect(listedGameVersions(tags, false, ['24w14a'])).toContain('24w14a');
  });

  it('flips one version on a plain click', () => {
    expect(toggleGameVersion(listed, ['1.21'], '1.20.4', { anchor: '1.21', range: false })).toEqual(['1.21', '1.20.4']);
    expect(toggleGameVersion(listed, ['1.21', '1.20.4'], '1.21', { range: false })).toEqual(['1.20.4']);
  });

  it('selects every version between the last click and a shift-click, in either direction', () => {
    expect(toggleGameVersion(listed, ['1.21'], '1.20.2', { anchor: '1.21', range: true })).toEqual(['1.21', '1.20.6', '1.20.4', '1.20.2']);
    expect(toggleGameVersion(listed, ['1.20.1'], '1.20.6', { anchor: '1.20.1', range: true })).toEqual(['1.20.6', '1.20.4', '1.20.2', '1.20.1']);
  });

  it('clears a range when the shift-clicked version was selected', () => {
    expect(toggleGameVersion(listed, listed, '1.20.2', { anchor: '1.20.6', range: true })).toEqual(['1.21', '1.20.1']);
  });

  it('treats a shift-click without an earlier click as a plain click', () => {
    expect(toggleGameVersion(listed, [], '1.20.2', { range: true })).toEqual(['1.20.2']);
  });
});
