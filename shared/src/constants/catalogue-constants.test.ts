import { describe, expect, it } from 'vitest';
import { environmentToSides, sidesToEnvironment, ENVIRONMENTS } from './environments.js';
import { versionProjectTypes } from './loaders.js';
import { wireProjectType } from './project-types.js';
import { isHiddenProjectStatus, isSearchableProjectStatus, PROJECT_STATUSES } from './project-status.js';

describe('environments', () => {
  it('round-trip the side-type pairs that have an environment', () => {
    const pairs = [
      ['required', 'required'], ['required', 'unsupported'], ['required', 'optional'],
      ['unsupported', 'required'], ['optional', 'required'], ['optional', 'optional'],
    ] as const;
    for (const [client, server] of pairs) expect(environmentToSides(sidesToEnvironment({ client, server }))).toEqual({ client, server });
    expect(sidesToEnvironment({ client: 'unsupported', server: 'unsupported' })).toBe('unknown');
    expect(environmentToSides('singleplayer_only')).toEqual({ client: 'required', server: 'required' });
    for (const environment of ENVIRONMENTS) expect(environmentToSides(environment)).toBeDefined();
  });
});

describe('project types', () => {
  it('derive a version’s types from its loaders and modpack file', () => {
    expect(versionProjectTypes(['fabric', 'quilt'], false)).toEqual(['mod']);
    expect(versionProjectTypes(['paper', 'fabric'], false).sort()).toEqual(['mod', 'plugin']);
    expect(versionProjectTypes(['iris'], false)).toEqual(['shader']);
    expect(versionProjectTypes(['minecraft'], false)).toEqual(['resourcepack']);
    expect(versionProjectTypes(['fabric'], true)).toEqual(['modpack']);
  });

  it('show the v2 type: modpack wins, plugins and data packs as mods, declared type without versions', () => {
    expect(wireProjectType('mod', [])).toBe('mod');
    expect(wireProjectType('modpack', [])).toBe('modpack');
    expect(wireProjectType('mod', ['modpack'])).toBe('modpack');
    expect(wireProjectType('mod', ['plugin'])).toBe('mod');
    expect(wireProjectType('mod', ['datapack'])).toBe('mod');
    expect(wireProjectType('mod', ['shader'])).toBe('shader');
    expect(wireProjectType('mod', ['resourcepack'])).toBe('resourcepack');
  });
});

describe('project statuses', () => {
  it('group the statuses as the spec does', () => {
    expect(PROJECT_STATUSES.filter(isHiddenProjectStatus).sort()).toEqual(['draft', 'private', 'processing', 'rejected', 'scheduled', 'unknown']);
    expect(PROJECT_STATUSES.filter(isSearchableProjectStatus).sort()).toEqual(['approved', 'archived']);
  });
});
