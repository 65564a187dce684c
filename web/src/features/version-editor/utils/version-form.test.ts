import { describe, expect, it } from 'vitest';
import { buildGameVersionTags, buildVersion } from '../../../testing/mocks/catalogue';
import { applyInference, createVersionData, emptyVersionValues, isDuplicateDependency, modifyVersionBody, valuesFromVersion, versionFormSchema } from './version-form';

const messages = {
  numberRequired: 'required',
  numberTooLong: 'too long',
  numberCharacters: 'characters',
  nameTooLong: 'name too long',
  loadersRequired: 'loaders',
  gameVersionsRequired: 'game versions',
  changelogTooLong: 'changelog', scheduleInPast: 'past',
};

const valid = { ...emptyVersionValues(), versionNumber: '1.0.0', loaders: ['fabric'], gameVersions: ['1.21'] };
const errorsOf = (values: object, needsLoaders = true) => {
  const result = versionFormSchema(messages, needsLoaders).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('version form rules', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(valid)).toEqual([]);
  });

  it('needs a version number of at most 32 allowed characters', () => {
    expect(errorsOf({ ...valid, versionNumber: '  ' })).toEqual(['required']);
    expect(errorsOf({ ...valid, versionNumber: 'x'.repeat(32) })).toEqual([]);
    expect(errorsOf({ ...valid, versionNumber: 'x'.repeat(33) })).toEqual(['too long']);
    expect(errorsOf({ ...valid, versionNumber: '1.0 beta' })).toEqual(['characters']);
  });

  it('needs loaders (except for resource packs) and game versions', () => {
    expect(errorsOf({ ...valid, loaders: [], gameVersions: [] })).toEqual(['loaders', 'game versions']);
    expect(errorsOf({ ...valid, loaders: [] }, false)).toEqual([]);
  });

  it('limits the title to 64 characters', () => {
    expect(errorsOf({ ...valid, name: 'n'.repeat(65) })).toEqual(['name too long']);
  });
});

describe('pre-filling from an inference answer', () => {
  const inference = {
    name: 'Lanternlight',
    version_number: '2.0.0-beta.1',
    version_type: 'beta' as const,
    loaders: ['fabric', 'nonsense'],
    game_versions: ['1.21', '99.0'],
    dependencies: [{ project_id: 'PrOj0002', version_id: null, dependency_type: 'required' as const }],
    project_type: 'mod' as const,
    format: 'fabric',
  };
  const known = { loaders: ['fabric', 'quilt'], gameVersions: buildGameVersionTags() };

  it('fills empty fields and drops loaders and game versions the site does not offer', () => {
    expect(applyInference(emptyVersionValues(), inference, known)).toMatchObject({
      name: 'Lanternlight',
      versionNumber: '2.0.0-beta.1',
      channel: 'beta',
      loaders: ['fabric'],
      gameVersions: ['1.21'],
      dependencies: [{ projectId: 'PrOj0002', versionId: null, fileName: null, type: 'required' }],
    });
  });

  it('keeps what the user already entered', () => {
    const typed = { ...emptyVersionValues(), versionNumber: '3.0.0', loaders: ['quilt'] };
    expect(applyInference(typed, inference, known)).toMatchObject({ versionNumber: '3.0.0', channel: 'release', loaders: ['quilt'], gameVersions: ['1.21'] });
  });

  it('changes nothing for an empty answer', () => {
    const empty = { name: null, version_number: null, version_type: 'release' as const, loaders: [], game_versions: [], dependencies: [], project_type: null, format: 'pack.mcmeta' };
    expect(applyInference(emptyVersionValues(), empty, known)).toEqual(emptyVersionValues());
  });
});

describe('requests built from the form', () => {
  const file = (name: string) => new File(['x'], name);

  it('creates with the primary file first, the title defaulting to the number, resource packs on "minecraft"', () => {
    const data = createVersionData('PrOj0001', { ...valid, versionNumber: ' 1.0.0 ' }, [
      { file: file('a.jar'), fileType: null },
      { file: file('pack.zip'), fileType: 'required-resource-pack' },
    ], false);
    expect(data).toMatchObject({
      project_id: 'PrOj0001',
      file_parts: ['file-0', 'file-1'],
      primary_file: 'file-0',
      version_number: '1.0.0',
      version_title: '1.0.0',
      loaders: ['fabric'],
      release_channel: 'release',
      status: 'listed',
      file_types: { 'file-1': 'required-resource-pack' },
    });
    expect(createVersionData('PrOj0003', valid, [{ file: file('p.zip'), fileType: null }], true).loaders).toEqual(['minecraft']);
  });

  it('patches only what changed', () => {
    const version = buildVersion({ version_number: '1.0.0', name: '1.0.0', loaders: ['fabric'], game_versions: ['1.20.1'] });
    const same = valuesFromVersion(version);
    expect(modifyVersionBody(version, same, { fileTypes: new Map() }, false)).toBeUndefined();
    expect(modifyVersionBody(version, { ...same, versionNumber: '1.0.1', name: '', gameVersions: ['1.20.1', '1.21'], status: 'unlisted' }, { fileTypes: new Map() }, false)).toEqual({
      name: '1.0.1',
      version_number: '1.0.1',
      game_versions: ['1.20.1', '1.21'],
      status: 'unlisted',
    });
  });

  it('spots a dependency already listed', () => {
    const list = [{ projectId: 'PrOj0002', versionId: null, fileName: null, type: 'required' as const }];
    expect(isDuplicateDependency(list, { ...list[0]!, type: 'optional' })).toBe(true);
    expect(isDuplicateDependency(list, { ...list[0]!, versionId: 'VeRs0003' })).toBe(false);
  });
});
