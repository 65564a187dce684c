import { describe, it, expect } from 'vitest';
import { collapseGameVersions } from './game-versions.js';

// Releases 1.16 … 1.21.1, newest first, as the game-version tag list orders them.
const RELEASES = [
  '1.21.1', '1.21', '1.20.6', '1.20.5', '1.20.4', '1.20.3', '1.20.2', '1.20.1', '1.20', '1.19.4', '1.19.3',
  '1.19.2', '1.19.1', '1.19', '1.18.2', '1.18.1', '1.18', '1.17.1', '1.17', '1.16.5', '1.16.4', '1.16.3',
  '1.16.2', '1.16.1', '1.16',
];

describe('collapseGameVersions', () => {
  it('collapses a consecutive run into an oldest–newest range', () => {
    const selected = ['1.18', '1.18.1', '1.18.2', '1.19', '1.19.1', '1.19.2', '1.19.3', '1.19.4', '1.20', '1.20.1'];
    expect(collapseGameVersions(selected, RELEASES)).toEqual(['1.18–1.20.1']);
  });

  it('lists separate runs newest first, whatever the input order', () => {
    const selected = ['1.16.5', '1.20.1', '1.17.1', '1.20', '1.21.1', '1.21'];
    expect(collapseGameVersions(selected, RELEASES)).toEqual(['1.21–1.21.1', '1.20–1.20.1', '1.17.1', '1.16.5']);
  });

  it('keeps single versions as they are and ignores duplicates', () => {
    expect(collapseGameVersions(['1.20.1', '1.20.1'], RELEASES)).toEqual(['1.20.1']);
    expect(collapseGameVersions(['1.20.1', '1.18.2'], RELEASES)).toEqual(['1.20.1', '1.18.2']);
  });

  it('uses an en dash', () => {
    expect(collapseGameVersions(['1.16.4', '1.16.5'], RELEASES)[0]).toBe('1.16.4\u20131.16.5');
  });

  it('bridges only over versions in the given list, so snapshots do not break release ranges', () => {
    const withSnapshots = ['1.20.2', '23w35a', '1.20.1', '1.20.1-rc1', '1.20'];
    // Adjacency comes from the list passed in: here snapshots sit between the releases.
    expect(collapseGameVersions(['1.20', '1.20.1', '1.20.2'], withSnapshots)).toEqual(['1.20.2', '1.20.1', '1.20']);
    expect(collapseGameVersions(['1.20', '1.20.1', '1.20.2'], RELEASES)).toEqual(['1.20–1.20.2']);
  });

  it('appends versions missing from the list in input order', () => {
    expect(collapseGameVersions(['23w31a', '1.20', '1.20.1', 'b1.7.3'], RELEASES)).toEqual(['1.20–1.20.1', '23w31a', 'b1.7.3']);
  });

  it('handles empty input', () => {
    expect(collapseGameVersions([], RELEASES)).toEqual([]);
    expect(collapseGameVersions(['1.20'], [])).toEqual(['1.20']);
  });

  it('collapses a whole list to one range', () => {
    expect(collapseGameVersions([...RELEASES].reverse(), RELEASES)).toEqual(['1.16–1.21.1']);
  });
});
