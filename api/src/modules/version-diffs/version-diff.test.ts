import { describe, expect, it } from 'vitest';
import { diffDependencies, diffFiles, diffMods, diffValues, keepNewest, type DiffFileRow } from './version-diff.js';

const file = (filename: string, sha: string, primary = false): DiffFileRow => ({ filename, sha1: `${sha}1`, sha512: `${sha}512`, size: 10, primary, fileType: null });

describe('diffValues', () => {
  it('lists what only one side has, sorted', () => {
    expect(diffValues(['1.20.1', '1.20', 'fabric'], ['1.21', '1.20.1', '1.19'])).toEqual({ added: ['1.19', '1.21'], removed: ['1.20', 'fabric'] });
  });
});

describe('diffFiles', () => {
  it('matches files by name regardless of case and reports other bytes or another primary flag as changed', () => {
    const result = diffFiles([file('Mod.jar', 'a', true), file('sources.jar', 's'), file('old.jar', 'o')], [file('mod.jar', 'b', true), file('sources.jar', 's', true), file('new.jar', 'n')]);
    expect(result.added.map((f) => f.filename)).toEqual(['new.jar']);
    expect(result.removed.map((f) => f.filename)).toEqual(['old.jar']);
    expect(result.changed.map((c) => [c.from.filename, c.to.sha1])).toEqual([
      ['Mod.jar', 'b1'],
      ['sources.jar', 's1'],
    ]);
  });

  it('reports nothing for identical files', () => {
    expect(diffFiles([file('a.jar', 'a', true)], [file('a.jar', 'a', true)])).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe('diffDependencies', () => {
  const dep = (projectId: number | null, versionId: number | null, type = 'required', fileName: string | null = null) => ({ projectId, versionId, fileName, dependencyType: type });

  it('matches by project, then file name; another type or version is a change', () => {
    const result = diffDependencies(
      [dep(1, null), dep(2, 20), dep(3, null, 'optional'), dep(null, null, 'required', 'Lib.jar')],
      [dep(1, null), dep(2, 21), dep(4, null), dep(3, null, 'incompatible'), dep(null, null, 'required', 'lib.jar')],
    );
    expect(result.added).toEqual([dep(4, null)]);
    expect(result.removed).toEqual([]);
    expect(result.changed).toEqual([
      { from: dep(2, 20), to: dep(2, 21) },
      { from: dep(3, null, 'optional'), to: dep(3, null, 'incompatible') },
    ]);
  });

  it('keeps two dependencies on one project apart by their versions', () => {
    const result = diffDependencies([dep(5, 50, 'incompatible'), dep(5, 51, 'incompatible')], [dep(5, 51, 'incompatible')]);
    expect(result).toEqual({ added: [], removed: [dep(5, 50, 'incompatible')], changed: [] });
  });
});

describe('diffMods', () => {
  const mod = (projectId: number | null, versionId: number | null, fileName: string | null = null) => ({ projectId, versionId, fileName });

  it('sorts mods into added, removed and updated (same project, another version)', () => {
    const result = diffMods([mod(1, 10), mod(2, 20), mod(null, null, 'config.jar'), mod(3, 30)], [mod(1, 11), mod(3, 30), mod(4, 40), mod(null, null, 'extra.jar')]);
    expect(result.added).toEqual([mod(4, 40), mod(null, null, 'extra.jar')]);
    expect(result.removed).toEqual([mod(2, 20), mod(null, null, 'config.jar')]);
    expect(result.updated).toEqual([{ projectId: 1, from: mod(1, 10), to: mod(1, 11) }]);
  });
});

describe('keepNewest', () => {
  it('keeps the newest entries, oldest first, and says when some were cut', () => {
    expect(keepNewest([5, 4, 3, 2, 1], 3)).toEqual({ items: [3, 4, 5], truncated: true });
    expect(keepNewest([2, 1], 3)).toEqual({ items: [1, 2], truncated: false });
  });
});
