import { describe, expect, it } from 'vitest';
import { matchDependencies, slugCandidates } from './dependency-matching.js';
import { readJarManifest } from './forge-manifest.js';
import { ManifestError, type ArchiveContents } from './manifest.js';
import { readManifests } from './read-manifests.js';
import { channelOf } from './version-channel.js';
import { resolveGameVersions } from './version-ranges.js';

const RELEASES = ['1.21.1', '1.21', '1.20.6', '1.20.5', '1.20.4', '1.20.3', '1.20.2', '1.20.1', '1.20', '1.19.4', '1.16.5', '1.16.2', '1.13'].map((version) => ({
  version,
  versionType: 'release',
}));

/** An archive of text entries (and bare names for folders). */
function archive(entries: Record<string, string>, extraNames: string[] = []): ArchiveContents {
  return { names: [...Object.keys(entries), ...extraNames], bytes: (name) => (Object.hasOwn(entries, name) ? Buffer.from(entries[name]!) : undefined) };
}

const read = (entries: Record<string, string>, extraNames: string[] = []) => {
  const reading = readManifests(archive(entries, extraNames));
  return { ...reading, gameVersions: resolveGameVersions(reading.gameVersions, RELEASES) };
};

describe('mod manifests', () => {
  it('reads fabric.mod.json: game versions from the minecraft requirement, the rest as dependencies', () => {
    const manifest = {
      schemaVersion: 1,
      id: 'glowmod',
      name: 'Glow Mod',
      version: '2.1.0-beta.3',
      depends: { fabricloader: '>=0.15', minecraft: ['~1.20.4', '1.21'], 'fabric-api': '*' },
      recommends: { modmenu: '*' },
      breaks: { optifabric: '*' },
    };
    expect(read({ 'fabric.mod.json': JSON.stringify(manifest) })).toEqual({
      format: 'fabric.mod.json',
      projectType: 'mod',
      name: 'Glow Mod',
      versionNumber: '2.1.0-beta.3',
      loaders: ['fabric'],
      gameVersions: ['1.20.4', '1.20.5', '1.20.6', '1.21'],
      dependencies: [
        { id: 'fabricloader', type: 'required' },
        { id: 'fabric-api', type: 'required' },
        { id: 'modmenu', type: 'optional' },
        { id: 'optifabric', type: 'incompatible' },
      ],
    });
  });

  it('reads quilt.mod.json with string and object dependencies', () => {
    const manifest = {
      schema_version: 1,
      quilt_loader: {
        id: 'lantern',
        version: '0.4.0',
        metadata: { name: 'Lantern' },
        depends: [{ id: 'minecraft', versions: '>=1.20.5' }, 'quilted_fabric_api', { id: 'trinkets', optional: true }],
        breaks: ['sodium'],
      },
    };
    const reading = read({ 'quilt.mod.json': JSON.stringify(manifest) });
    expect(reading).toMatchObject({ name: 'Lantern', versionNumber: '0.4.0', loaders: ['quilt'], gameVersions: ['1.20.5', '1.20.6', '1.21', '1.21.1'] });
    expect(reading.dependencies).toEqual([
      { id: 'quilted_fabric_api', type: 'required' },
      { id: 'trinkets', type: 'optional' },
      { id: 'sodium', type: 'incompatible' },
    ]);
  });

  it('reads Forge mods.toml, taking a placeholder version from MANIFEST.MF', () => {
    const toml = `modLoader="javafml"
loaderVersion="[47,)"
license="MIT"
[[mods]]
modId="anvilcraft"
version="\${file.jarVersion}"
displayName="Anvil Craft"
[[dependencies.anvilcraft]]
modId="forge"
mandatory=true
versionRange="[47,)"
[[dependencies.anvilcraft]]
modId="minecraft"
mandatory=true
versionRange="[1.20,1.20.2)"
[[dependencies.anvilcraft]]
modId="jei"
mandatory=false
versionRange="*"
`;
    const reading = read({ 'META-INF/mods.toml': toml, 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\r\nImplementation-Version: 3.2.1\r\n\r\nName: x\r\n' });
    expect(reading).toMatchObject({ format: 'META-INF/mods.toml', name: 'Anvil Craft', versionNumber: '3.2.1', loaders: ['forge'], gameVersions: ['1.20', '1.20.1'] });
    expect(reading.dependencies).toEqual([
      { id: 'forge', type: 'required' },
      { id: 'jei', type: 'optional' },
    ]);
  });

  it('reads neoforge.mods.toml dependency types, and a mods.toml depending on neoforge as NeoForge', () => {
    const toml = `[[mods]]
modId="ferry"
version="1.0.0-rc.2"
[[dependencies.ferry]]
modId="neoforge"
type="required"
[[dependencies.ferry]]
modId="minecraft"
type="required"
versionRange="[1.21]"
[[dependencies.ferry]]
modId="create"
type="incompatible"
[[dependencies.ferry]]
modId="embeddium"
type="discouraged"
`;
    expect(read({ 'META-INF/neoforge.mods.toml': toml })).toMatchObject({
      format: 'META-INF/neoforge.mods.toml',
      name: 'ferry',
      loaders: ['neoforge'],
      gameVersions: ['1.21'],
      dependencies: [
        { id: 'neoforge', type: 'required' },
        { id: 'create', type: 'incompatible' },
      ],
    });
    expect(read({ 'META-INF/mods.toml': toml }).loaders).toEqual(['neoforge']);
  });

  it('merges a jar carrying several manifests', () => {
    const fabric = JSON.stringify({ id: 'twin', version: '1.0.0', depends: { minecraft: '1.20.1' } });
    const quilt = JSON.stringify({ quilt_loader: { id: 'twin', version: '1.0.0', depends: [{ id: 'minecraft', versions: '1.21' }] } });
    expect(read({ 'fabric.mod.json': fabric, 'quilt.mod.json': quilt })).toMatchObject({ loaders: ['fabric', 'quilt'], gameVersions: ['1.20.1', '1.21'] });
  });
});

describe('plugin manifests', () => {
  it('reads plugin.yml, keeping numbers as written', () => {
    const yml = 'name: Beacon\nversion: 1.10\napi-version: 1.20.6\nfolia-supported: true\ndepend: [Vault]\nsoftdepend:\n  - PlaceholderAPI\n';
    expect(read({ 'plugin.yml': yml })).toEqual({
      format: 'plugin.yml',
      projectType: 'plugin',
      name: 'Beacon',
      versionNumber: '1.10',
      loaders: ['bukkit', 'spigot', 'paper', 'purpur', 'folia'],
      gameVersions: ['1.20.6', '1.21', '1.21.1'],
      dependencies: [
        { id: 'Vault', type: 'required' },
        { id: 'PlaceholderAPI', type: 'optional' },
      ],
    });
  });

  it('reads paper-plugin.yml dependencies per phase and prefers it to plugin.yml', () => {
    const paper = 'name: Beacon\nversion: 2.0\napi-version: "1.21"\ndependencies:\n  server:\n    LuckPerms:\n      load: BEFORE\n      required: false\n    Vault:\n      required: true\n';
    const reading = read({ 'paper-plugin.yml': paper, 'plugin.yml': 'name: Beacon\nversion: 2.0\n' });
    expect(reading).toMatchObject({ format: 'paper-plugin.yml', versionNumber: '2.0', loaders: ['paper', 'purpur', 'bukkit', 'spigot'], gameVersions: ['1.21', '1.21.1'] });
    expect(reading.dependencies).toEqual([
      { id: 'LuckPerms', type: 'optional' },
      { id: 'Vault', type: 'required' },
    ]);
  });

  it('reads bungee.yml and velocity-plugin.json as proxy plugins', () => {
    expect(read({ 'bungee.yml': 'name: Relay\nversion: 0.9\nsoftDepends: [LuckPerms]\n' })).toMatchObject({
      loaders: ['bungeecord', 'waterfall'],
      versionNumber: '0.9',
      dependencies: [{ id: 'LuckPerms', type: 'optional' }],
    });
    const velocity = JSON.stringify({ id: 'relay', name: 'Relay', version: '0.9.1', dependencies: [{ id: 'luckperms', optional: true }, { id: 'signedvelocity' }] });
    expect(read({ 'velocity-plugin.json': velocity })).toMatchObject({
      format: 'velocity-plugin.json',
      loaders: ['velocity'],
      dependencies: [
        { id: 'luckperms', type: 'optional' },
        { id: 'signedvelocity', type: 'required' },
      ],
    });
  });
});

describe('packs', () => {
  it('reads a modpack index: loaders and the game version from its dependencies', () => {
    const index = { formatVersion: 1, game: 'minecraft', versionId: '5.0.0-alpha', name: 'Skyward', files: [], dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' } };
    expect(read({ 'modrinth.index.json': JSON.stringify(index) })).toEqual({
      format: 'modrinth.index.json',
      projectType: 'modpack',
      name: 'Skyward',
      versionNumber: '5.0.0-alpha',
      loaders: ['fabric'],
      gameVersions: ['1.20.1'],
      dependencies: [],
    });
  });

  it('tells resource packs from data packs and maps pack formats to releases', () => {
    expect(read({ 'pack.mcmeta': '{"pack":{"pack_format":15,"description":"x"}}' }, ['assets/minecraft/textures/a.png'])).toMatchObject({
      projectType: 'resourcepack',
      loaders: ['minecraft'],
      gameVersions: ['1.20', '1.20.1'],
    });
    expect(read({ 'pack.mcmeta': '{"pack":{"pack_format":41}}' }, ['data/ns/function/a.mcfunction'])).toMatchObject({
      projectType: 'datapack',
      loaders: ['datapack'],
      gameVersions: ['1.20.5', '1.20.6'],
    });
    expect(read({ 'pack.mcmeta': '{"pack":{"pack_format":18,"supported_formats":{"min_inclusive":18,"max_inclusive":22}}}' }).gameVersions).toEqual([
      '1.20.2',
      '1.20.3',
      '1.20.4',
    ]);
    expect(read({ 'pack.mcmeta': '{"pack":{"pack_format":999}}' }).gameVersions).toEqual([]);
  });

  it('reads shader packs by their folders', () => {
    expect(read({}, ['shaders/', 'shaders/final.fsh'])).toMatchObject({ format: 'shaders', projectType: 'shader', loaders: ['iris', 'optifine'] });
    expect(read({ 'pack.mcmeta': '{"pack":{"pack_format":34}}' }, ['assets/lumen/pipelines/main.json5'])).toMatchObject({
      loaders: ['canvas'],
      gameVersions: ['1.21', '1.21.1'],
    });
  });
});

describe('malformed manifests', () => {
  const failure = (entries: Record<string, string | Buffer>) => {
    const contents: ArchiveContents = { names: Object.keys(entries), bytes: (n) => (Object.hasOwn(entries, n) ? Buffer.from(entries[n]!) : undefined) };
    try {
      readManifests(contents);
    } catch (error) {
      expect(error).toBeInstanceOf(ManifestError);
      return (error as Error).message;
    }
    throw new Error('expected a ManifestError');
  };

  it('names the entry and the problem', () => {
    expect(failure({ 'fabric.mod.json': '{"id": ' })).toMatch(/^fabric.mod.json is not valid JSON/);
    expect(failure({ 'META-INF/mods.toml': '[[mods]\nmodId=' })).toMatch(/^META-INF\/mods.toml is not valid TOML/);
    expect(failure({ 'plugin.yml': 'name: [unclosed\n  version: : :' })).toMatch(/^plugin.yml is not valid YAML/);
    expect(failure({ 'fabric.mod.json': Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) })).toBe('fabric.mod.json is not valid UTF-8 text');
    expect(failure({ 'fabric.mod.json': '[1, 2]' })).toBe('fabric.mod.json must hold an object at its top level');
    expect(failure({ 'pack.mcmeta': '{}' })).toBe('pack.mcmeta has no "pack" object');
    expect(failure({ 'readme.txt': 'hi' })).toMatch(/^The archive has none of the manifests Cairn reads/);
  });

  it('caps YAML alias expansion', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)];
    expect(failure({ 'plugin.yml': `${bomb.join('\n')}\nname: x\n` })).toMatch(/^plugin.yml is not valid YAML/);
  });
});

describe('version channel', () => {
  it('reads the channel from the version number', () => {
    expect(channelOf('1.0.0')).toBe('release');
    expect(channelOf('1.0.0-alpha.2')).toBe('alpha');
    expect(channelOf('24w14a-snapshot')).toBe('alpha');
    expect(channelOf('2.0.0-beta')).toBe('beta');
    expect(channelOf('2.0.0-rc.1')).toBe('beta');
    expect(channelOf('2.0.0-pre3')).toBe('beta');
    expect(channelOf('2.0.0+build.7')).toBe('release');
    expect(channelOf('3.1.0-fabric')).toBe('release');
  });
});

describe('dependency matching', () => {
  it('looks ids up as slugs, never the game or the loaders', () => {
    expect(slugCandidates('Fabric_API')).toEqual(['fabric_api', 'fabric-api']);
    expect(slugCandidates('minecraft')).toEqual([]);
    expect(slugCandidates('fabricloader')).toEqual([]);
  });

  it('keeps the first declaration of each project and leaves the project itself out', () => {
    const bySlug = new Map([
      ['fabric-api', 1],
      ['jei', 2],
      ['self', 3],
    ]);
    expect(
      matchDependencies(
        [
          { id: 'fabric_api', type: 'required' },
          { id: 'jei', type: 'optional' },
          { id: 'fabric-api', type: 'incompatible' },
          { id: 'self', type: 'required' },
          { id: 'unknown', type: 'required' },
        ],
        bySlug,
        3,
      ),
    ).toEqual([
      { project: 1, type: 'required' },
      { project: 2, type: 'optional' },
    ]);
  });
});

describe('MANIFEST.MF', () => {
  it('joins continuation lines and stops at the main section end', () => {
    const attributes = readJarManifest('Implementation-Title: A very long\r\n  name\r\nImplementation-Version: 1\r\n\r\nImplementation-Version: 2\r\n');
    expect(attributes.get('Implementation-Title')).toBe('A very long name');
    expect(attributes.get('Implementation-Version')).toBe('1');
  });
});
