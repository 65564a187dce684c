import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { GameVersionTagSchema } from '@cairn/shared/schemas/tags';

const versions = z
  .array(GameVersionTagSchema)
  .parse(JSON.parse(readFileSync(new URL('./game-versions.json', import.meta.url), 'utf8')));

/** "1.20.4" → "1.20", "26.1.2" → "26.1": the major line a release belongs to. */
const line = (version: string) => version.split('.').slice(0, 2).join('.');

describe('game-versions.json', () => {
  it('holds unique, well-formed entries', () => {
    expect(versions.length).toBeGreaterThan(900);
    expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
  });

  it('is ordered newest first', () => {
    for (let i = 1; i < versions.length; i++) {
      expect(Date.parse(versions[i - 1]!.date)).toBeGreaterThanOrEqual(Date.parse(versions[i]!.date));
    }
  });

  it('spans the whole history, from the first pre-classic build to the 26.x releases', () => {
    expect(versions.at(-1)?.version).toBe('rd-132211');
    const byId = new Map(versions.map((v) => [v.version, v]));
    expect(byId.get('1.0')).toMatchObject({ version_type: 'release', major: true });
    expect(byId.get('1.20.1')).toMatchObject({ version_type: 'release', major: false, date: '2023-06-12T13:25:51Z' });
    expect(byId.get('1.21.5-rc1')?.version_type).toBe('snapshot');
    expect(byId.get('b1.7.3')?.version_type).toBe('beta');
    expect(byId.get('a1.2.6')?.version_type).toBe('alpha');
    expect(byId.get('26.1')).toMatchObject({ version_type: 'release', major: true });
  });

  it('marks exactly the first release of each major line as major', () => {
    const expected = new Set<string>();
    const seen = new Set<string>();
    for (const v of [...versions].reverse()) {
      if (v.version_type !== 'release' || seen.has(line(v.version))) continue;
      seen.add(line(v.version));
      expected.add(v.version);
    }
    expect(versions.filter((v) => v.major).map((v) => v.version).sort()).toEqual([...expected].sort());
    expect(expected).toContain('1.2.1'); // 1.2 itself never shipped as a release
    expect(expected).toContain('1.21');
  });
});
