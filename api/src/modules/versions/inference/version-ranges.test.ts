import { describe, expect, it } from 'vitest';
import { atLeast, parseMavenRange, parseSemverRange, resolveGameVersions, type GameVersionTag, type VersionRequirement } from './version-ranges.js';

/** Newest first, as the tags service lists them. */
const TAGS: GameVersionTag[] = [
  ['1.21.1', 'release'],
  ['1.21', 'release'],
  ['1.21-pre1', 'snapshot'],
  ['24w14a', 'snapshot'],
  ['1.20.6', 'release'],
  ['1.20.5', 'release'],
  ['1.20.4', 'release'],
  ['1.20.3', 'release'],
  ['1.20.2', 'release'],
  ['1.20.1', 'release'],
  ['1.20', 'release'],
  ['23w13a', 'snapshot'],
  ['1.19.4', 'release'],
  ['1.19.3', 'release'],
].map(([version, versionType]) => ({ version: version!, versionType: versionType! }));

const resolve = (requirement: VersionRequirement | undefined) => resolveGameVersions(requirement!, TAGS);

describe('semver ranges', () => {
  it('reads comparator lists as releases between the bounds, oldest first', () => {
    expect(resolve(parseSemverRange('>=1.20 <1.21'))).toEqual(['1.20', '1.20.1', '1.20.2', '1.20.3', '1.20.4', '1.20.5', '1.20.6']);
    expect(resolve(parseSemverRange('>= 1.20.5'))).toEqual(['1.20.5', '1.20.6', '1.21', '1.21.1']);
    expect(resolve(parseSemverRange('>1.20.4 <=1.20.6'))).toEqual(['1.20.5', '1.20.6']);
  });

  it('reads tilde, caret and x-ranges', () => {
    expect(resolve(parseSemverRange('~1.20.4'))).toEqual(['1.20.4', '1.20.5', '1.20.6']);
    expect(resolve(parseSemverRange('~1.19'))).toEqual(['1.19.3', '1.19.4']);
    expect(resolve(parseSemverRange('1.20.x'))).toEqual(['1.20', '1.20.1', '1.20.2', '1.20.3', '1.20.4', '1.20.5', '1.20.6']);
    expect(resolve(parseSemverRange('1.21.*'))).toEqual(['1.21', '1.21.1']);
    expect(resolve(parseSemverRange('^1.20.6'))).toEqual(['1.20.6', '1.21', '1.21.1']);
  });

  it('joins alternatives and hyphen ranges', () => {
    expect(resolve(parseSemverRange('1.19.4 || 1.20.1'))).toEqual(['1.19.4', '1.20.1']);
    expect(resolve(parseSemverRange('1.20.2 - 1.20.4'))).toEqual(['1.20.2', '1.20.3', '1.20.4']);
  });

  it('never takes snapshots from a range, but takes one named exactly', () => {
    expect(resolve(parseSemverRange('>=1.20.6'))).not.toContain('1.21-pre1');
    expect(resolve(parseSemverRange('23w13a'))).toEqual(['23w13a']);
    expect(resolve(parseSemverRange('1.21-pre1 || 1.21'))).toEqual(['1.21-pre1', '1.21']);
    // "1.21-" includes 1.21's pre-releases in semver; as a bound it still selects releases only.
    expect(resolve(parseSemverRange('>=1.21-'))).toEqual(['1.21', '1.21.1']);
  });

  it('takes a bare version as exactly that version, and * as every release', () => {
    expect(resolve(parseSemverRange('1.20.1'))).toEqual(['1.20.1']);
    expect(resolve(parseSemverRange('1.20'))).toEqual(['1.20']);
    expect(resolve(parseSemverRange('*'))).toHaveLength(TAGS.filter((t) => t.versionType === 'release').length);
  });

  it('drops names that are no real tag and refuses text it cannot read', () => {
    expect(resolve(parseSemverRange('1.99.9'))).toEqual([]);
    expect(parseSemverRange('>=banana')).toBeUndefined();
  });
});

describe('Maven ranges', () => {
  it('reads half-open, closed and open-ended intervals', () => {
    expect(resolve(parseMavenRange('[1.20,1.20.3)'))).toEqual(['1.20', '1.20.1', '1.20.2']);
    expect(resolve(parseMavenRange('(1.20.4,1.21]'))).toEqual(['1.20.5', '1.20.6', '1.21']);
    expect(resolve(parseMavenRange('[1.21,)'))).toEqual(['1.21', '1.21.1']);
    expect(resolve(parseMavenRange('(,1.19.4]'))).toEqual(['1.19.3', '1.19.4']);
  });

  it('reads exact versions, unions and soft requirements', () => {
    expect(resolve(parseMavenRange('[1.20.1]'))).toEqual(['1.20.1']);
    expect(resolve(parseMavenRange('[1.19.3,1.19.4),[1.21,1.22)'))).toEqual(['1.19.3', '1.21', '1.21.1']);
    expect(resolve(parseMavenRange('1.20.2'))).toEqual(['1.20.2']);
  });

  it('refuses malformed ranges', () => {
    expect(parseMavenRange('[1.20,1.21')).toBeUndefined();
    expect(parseMavenRange('[abc,)')).toBeUndefined();
    expect(parseMavenRange('')).toBeUndefined();
  });
});

describe('atLeast', () => {
  it('selects every release from the version on', () => {
    expect(resolve(atLeast('1.20.6'))).toEqual(['1.20.6', '1.21', '1.21.1']);
  });
});
