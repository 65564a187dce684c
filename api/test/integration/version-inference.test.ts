import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { ALL_SCOPES, scopeBits, withoutRestricted } from '@cairn/shared/constants/scopes';
import { InferredVersionSchema } from '@cairn/shared/schemas/versions';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, createPat, type Actors } from '../factories/users.js';
import { insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { multipart, type Part } from '../helpers/multipart.js';
import { zip } from '../helpers/zip.js';

let ctx: TestContext;
let actors: Actors;
const projects: Record<string, InsertedProject> = {};

const MAX_FILE_BYTES = 4 * 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestContext({ env: { MAX_FILE_BYTES: String(MAX_FILE_BYTES) } });
  actors = await createActors(ctx.database.db);
  for (const slug of ['fabric-api', 'modmenu', 'jei', 'vault', 'luckperms', 'glowmod']) {
    projects[slug] = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug });
  }
  // Someone else's private project: its slug must not surface as a dependency for others.
  projects['secret-lib'] = await insertProject(ctx.database.db, { ownerId: actors.stranger.id, slug: 'secret-lib', status: 'private' });
  projects.textures = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'crisp-textures' });
  await insertVersion(ctx.database.db, { projectId: projects.textures.id, authorId: actors.creator.id, loaders: ['minecraft'] });
});
afterAll(() => ctx.close());

function infer(token: string | undefined, parts: Part[], query = '') {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `/v2/version/infer${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
  });
}

const inferFile = (bytes: Buffer, filename = 'upload.jar', query = '', token = actors.creator.pat) => infer(token, [{ name: 'file', filename, data: bytes }], query);

const jarOf = (entries: Record<string, string | Uint8Array>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, content]) => [name, typeof content === 'string' ? strToU8(content) : content]))));

async function expectInferred(bytes: Buffer, query = '', filename = 'upload.jar') {
  const response = await inferFile(bytes, filename, query);
  expect(response.statusCode, response.body).toBe(200);
  return InferredVersionSchema.parse(response.json());
}

async function expectRefused(bytes: Buffer, description: RegExp) {
  const response = await inferFile(bytes);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ error: 'invalid_input', description: expect.stringMatching(description) });
}

const classFile = () => randomBytes(256);

describe('POST /v2/version/infer: manifests', () => {
  it('reads a Fabric mod: number, channel, game versions from real tags, dependencies matched to projects', async () => {
    const manifest = {
      schemaVersion: 1,
      id: 'glowmod',
      name: 'Glow Mod',
      version: '2.1.0-beta.3',
      depends: { fabricloader: '>=0.15', minecraft: '~1.20.4', fabric_api: '*', java: '>=17', 'not-catalogued': '*' },
      recommends: { modmenu: '*' },
      breaks: { jei: '*' },
      suggests: { 'secret-lib': '*' },
    };
    const result = await expectInferred(jarOf({ 'fabric.mod.json': JSON.stringify(manifest), 'com/glow/Glow.class': classFile() }));
    expect(result).toEqual({
      name: 'Glow Mod 2.1.0-beta.3',
      version_number: '2.1.0-beta.3',
      version_type: 'beta',
      loaders: ['fabric'],
      game_versions: ['1.20.4', '1.20.5', '1.20.6'],
      dependencies: [
        { project_id: projects['fabric-api']!.key, version_id: null, dependency_type: 'required' },
        { project_id: projects.modmenu!.key, version_id: null, dependency_type: 'optional' },
        { project_id: projects.jei!.key, version_id: null, dependency_type: 'incompatible' },
      ],
      project_type: 'mod',
      format: 'fabric.mod.json',
    });
  });

  it('shows a private project as a dependency only to those who may see it', async () => {
    const bytes = jarOf({ 'fabric.mod.json': JSON.stringify({ id: 'x', version: '1.0.0', depends: { 'secret-lib': '*' } }) });
    expect((await expectInferred(bytes)).dependencies).toEqual([]);
    const owner = await inferFile(bytes, 'x.jar', '', actors.stranger.pat);
    expect(owner.json().dependencies).toEqual([{ project_id: projects['secret-lib']!.key, version_id: null, dependency_type: 'required' }]);
  });

  it('leaves the project itself out of its dependencies when project_id is given', async () => {
    const bytes = jarOf({ 'fabric.mod.json': JSON.stringify({ id: 'glowmod', version: '1.0.0', breaks: { glowmod: '<1.0.0' }, depends: { 'fabric-api': '*' } }) });
    const result = await expectInferred(bytes, `?project_id=${projects.glowmod!.slug}`);
    expect(result.dependencies.map((d) => d.project_id)).toEqual([projects['fabric-api']!.key]);
  });

  it('reads a Quilt mod', async () => {
    const manifest = {
      schema_version: 1,
      quilt_loader: { id: 'lantern', version: '0.4.0-alpha.1', metadata: { name: 'Lantern' }, depends: [{ id: 'minecraft', versions: '>=1.21 <1.21.2' }, 'modmenu'] },
    };
    expect(await expectInferred(jarOf({ 'quilt.mod.json': JSON.stringify(manifest) }))).toMatchObject({
      version_type: 'alpha',
      loaders: ['quilt'],
      game_versions: ['1.21', '1.21.1'],
      dependencies: [{ project_id: projects.modmenu!.key, dependency_type: 'required' }],
      format: 'quilt.mod.json',
    });
  });

  it('reads a Forge mod with a Maven range, its version from MANIFEST.MF', async () => {
    const toml = `modLoader="javafml"\nloaderVersion="[47,)"\nlicense="MIT"\n[[mods]]\nmodId="anvilcraft"\nversion="\${file.jarVersion}"\ndisplayName="Anvil Craft"\n[[dependencies.anvilcraft]]\nmodId="minecraft"\nmandatory=true\nversionRange="[1.20,1.20.2)"\n[[dependencies.anvilcraft]]\nmodId="jei"\nmandatory=false\nversionRange="*"\n`;
    const bytes = jarOf({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\nImplementation-Version: 3.2.1\n', 'META-INF/mods.toml': toml });
    expect(await expectInferred(bytes)).toEqual({
      name: 'Anvil Craft 3.2.1',
      version_number: '3.2.1',
      version_type: 'release',
      loaders: ['forge'],
      game_versions: ['1.20', '1.20.1'],
      dependencies: [{ project_id: projects.jei!.key, version_id: null, dependency_type: 'optional' }],
      project_type: 'mod',
      format: 'META-INF/mods.toml',
    });
  });

  it('reads a NeoForge mod', async () => {
    const toml = `[[mods]]\nmodId="ferry"\nversion="1.0.0-rc.2"\n[[dependencies.ferry]]\nmodId="minecraft"\ntype="required"\nversionRange="[1.21.1]"\n[[dependencies.ferry]]\nmodId="jei"\ntype="incompatible"\n`;
    expect(await expectInferred(jarOf({ 'META-INF/neoforge.mods.toml': toml }))).toMatchObject({
      version_type: 'beta',
      loaders: ['neoforge'],
      game_versions: ['1.21.1'],
      dependencies: [{ project_id: projects.jei!.key, dependency_type: 'incompatible' }],
      format: 'META-INF/neoforge.mods.toml',
    });
  });

  it('reads Bukkit and Paper plugins', async () => {
    const bukkit = await expectInferred(jarOf({ 'plugin.yml': 'name: Beacon\nversion: 1.10\napi-version: "1.21"\ndepend: [Vault]\nsoftdepend: [LuckPerms]\n' }));
    expect(bukkit).toMatchObject({ name: 'Beacon 1.10', version_number: '1.10', loaders: ['bukkit', 'spigot', 'paper', 'purpur'], project_type: 'plugin', format: 'plugin.yml' });
    expect(bukkit.game_versions.slice(0, 3)).toEqual(['1.21', '1.21.1', '1.21.2']);
    expect(bukkit.game_versions.every((v) => !/w|pre|rc/.test(v))).toBe(true);
    expect(bukkit.dependencies).toEqual([
      { project_id: projects.vault!.key, version_id: null, dependency_type: 'required' },
      { project_id: projects.luckperms!.key, version_id: null, dependency_type: 'optional' },
    ]);
    const paper = await expectInferred(jarOf({ 'paper-plugin.yml': 'name: Beacon\nversion: 2.0\napi-version: "1.21"\nfolia-supported: true\ndependencies:\n  server:\n    Vault:\n      required: false\n' }));
    expect(paper).toMatchObject({ loaders: ['paper', 'purpur', 'folia'], format: 'paper-plugin.yml', dependencies: [{ project_id: projects.vault!.key, dependency_type: 'optional' }] });
  });

  it('reads BungeeCord and Velocity plugins', async () => {
    expect(await expectInferred(jarOf({ 'bungee.yml': 'name: Relay\nversion: 0.9\ndepends: [LuckPerms]\n' }))).toMatchObject({
      loaders: ['bungeecord', 'waterfall'],
      game_versions: [],
      format: 'bungee.yml',
      dependencies: [{ project_id: projects.luckperms!.key, dependency_type: 'required' }],
    });
    const velocity = JSON.stringify({ id: 'relay', name: 'Relay', version: '0.9.1', dependencies: [{ id: 'luckperms', optional: true }] });
    expect(await expectInferred(jarOf({ 'velocity-plugin.json': velocity }))).toMatchObject({
      name: 'Relay 0.9.1',
      loaders: ['velocity'],
      format: 'velocity-plugin.json',
      dependencies: [{ project_id: projects.luckperms!.key, dependency_type: 'optional' }],
    });
  });

  it('reads a modpack (.mrpack) index', async () => {
    const index = { formatVersion: 1, game: 'minecraft', versionId: '5.0.0', name: 'Skyward', files: [], dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' } };
    const bytes = jarOf({ 'modrinth.index.json': JSON.stringify(index), 'overrides/config/a.txt': 'x' });
    expect(await expectInferred(bytes, '', 'skyward.mrpack')).toEqual({
      name: 'Skyward 5.0.0',
      version_number: '5.0.0',
      version_type: 'release',
      loaders: ['fabric'],
      game_versions: ['1.20.1'],
      dependencies: [],
      project_type: 'modpack',
      format: 'modrinth.index.json',
    });
  });

  it('reads resource packs and data packs from pack.mcmeta', async () => {
    const resource = await expectInferred(jarOf({ 'pack.mcmeta': '{"pack":{"pack_format":15,"description":"Crisp"}}', 'assets/minecraft/textures/block/stone.png': classFile() }), '', 'crisp.zip');
    expect(resource).toEqual({
      name: null,
      version_number: null,
      version_type: 'release',
      loaders: ['minecraft'],
      game_versions: ['1.20', '1.20.1'],
      dependencies: [],
      project_type: 'resourcepack',
      format: 'pack.mcmeta',
    });
    const data = await expectInferred(jarOf({ 'pack.mcmeta': '{"pack":{"pack_format":48,"supported_formats":[48,57]}}', 'data/trees/function/grow.mcfunction': 'say hi' }));
    expect(data).toMatchObject({ loaders: ['datapack'], project_type: 'datapack', game_versions: ['1.21', '1.21.1', '1.21.2', '1.21.3'] });
  });

  it('reads shader packs', async () => {
    expect(await expectInferred(jarOf({ 'shaders/final.fsh': 'void main() {}', 'shaders/shaders.properties': '' }), '', 'sky.zip')).toMatchObject({
      loaders: ['iris', 'optifine'],
      project_type: 'shader',
      format: 'shaders',
    });
  });

  it('keeps only the loaders valid for the project given by project_id', async () => {
    const bytes = jarOf({ 'pack.mcmeta': '{"pack":{"pack_format":15}}', 'assets/minecraft/textures/a.png': classFile() });
    expect((await expectInferred(bytes, `?project_id=${projects.textures!.key}`)).loaders).toEqual(['minecraft']);
    expect((await expectInferred(bytes, `?project_id=${projects.glowmod!.slug}`)).loaders).toEqual([]);
    const unknown = await inferFile(bytes, 'a.zip', '?project_id=no-such-project');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().description).toContain("'project_id'");
    // Someone else's private project is as unknown as a missing one.
    expect((await inferFile(bytes, 'a.zip', `?project_id=${projects['secret-lib']!.key}`)).statusCode).toBe(400);
  });
});

describe('POST /v2/version/infer: hostile and broken uploads', () => {
  it('refuses a file that is not a ZIP archive', async () => {
    await expectRefused(Buffer.from('#!/bin/sh\necho not a jar\n'), /^The file is not a ZIP archive/);
  });

  it('refuses a truncated archive', async () => {
    const bytes = jarOf({ 'fabric.mod.json': JSON.stringify({ id: 'x', version: '1' }), 'a.class': classFile() });
    await expectRefused(bytes.subarray(0, Math.floor(bytes.length / 2)), /^The archive is truncated or damaged/);
  });

  it('refuses a zip bomb without inflating it', async () => {
    const bomb = Buffer.concat([Buffer.from('{"id":"x","version":"1","name":"'), Buffer.alloc(20 * 1024 * 1024, 0x61), Buffer.from('"}')]);
    const bytes = zip({ 'fabric.mod.json': bomb });
    expect(bytes.length).toBeLessThan(MAX_FILE_BYTES);
    await expectRefused(bytes, /^The archive is refused: 'fabric.mod.json' inflates to more than 4194304 bytes/);
  });

  it('refuses an entry that inflates past the size its headers declare', async () => {
    const bytes = zip({ 'fabric.mod.json': Buffer.alloc(1024 * 1024, 0x20) }, { declaredSizes: { 'fabric.mod.json': 10 } });
    await expectRefused(bytes, /^The archive is truncated or damaged: .*(too many bytes|bytes)/);
  });

  it('refuses manifests that inflate past the total limit together', async () => {
    const padded = (start: string, end: string) => `${start}${' '.repeat(3 * 1024 * 1024)}${end}`;
    const bytes = zip({
      'fabric.mod.json': padded('{"id":"x",', '"version":"1"}'),
      'quilt.mod.json': padded('{"quilt_loader":{', '"id":"x"}}'),
      'velocity-plugin.json': padded('{"id":"x",', '"version":"1"}'),
    });
    await expectRefused(bytes, /^The archive is refused: the entries read inflate to more than 8388608 bytes in all/);
  });

  it('refuses entry names that climb out of the archive', async () => {
    await expectRefused(zip({ '../../etc/cron.d/evil': 'x', 'fabric.mod.json': '{"id":"x"}' }), /^The archive has an unsafe entry name: .*\.\.\/\.\.\/etc/);
    await expectRefused(zip({ '/etc/passwd': 'x' }), /^The archive has an unsafe entry name/);
  });

  it('refuses an archive with ten thousand entries before reading them', async () => {
    const entries: Record<string, Uint8Array> = { 'fabric.mod.json': strToU8('{"id":"x","version":"1"}') };
    for (let i = 0; i < 10_000; i += 1) entries[`c/${i}.class`] = new Uint8Array(1);
    await expectRefused(Buffer.from(zipSync(entries, { level: 0 })), /^The archive is refused: it has 10001 entries; at most 5000 are read/);
  });

  it('names the manifest and the problem for invalid UTF-8, JSON, TOML and YAML', async () => {
    await expectRefused(jarOf({ 'fabric.mod.json': new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]) }), /^fabric.mod.json is not valid UTF-8 text$/);
    await expectRefused(jarOf({ 'fabric.mod.json': '{"id": "x",' }), /^fabric.mod.json is not valid JSON: /);
    await expectRefused(jarOf({ 'META-INF/mods.toml': '[[mods]]\nmodId="x\n' }), /^META-INF\/mods.toml is not valid TOML: /);
    await expectRefused(jarOf({ 'plugin.yml': 'name: Beacon\n  version: [1.0\n' }), /^plugin.yml is not valid YAML: /);
    await expectRefused(jarOf({ 'modrinth.index.json': '{"formatVersion":2}' }), /^modrinth.index.json field 'formatVersion'/);
  });

  it('refuses an archive without any manifest it knows', async () => {
    await expectRefused(jarOf({ 'readme.txt': 'hello' }), /^The archive has none of the manifests Cairn reads/);
  });

  it('refuses requests without exactly one file, or over the size limit', async () => {
    const bytes = jarOf({ 'fabric.mod.json': '{"id":"x"}' });
    const none = await infer(actors.creator.pat, [{ name: 'note', data: 'hi' }]);
    expect(none.statusCode).toBe(400);
    const two = await infer(actors.creator.pat, [
      { name: 'a', filename: 'a.jar', data: bytes },
      { name: 'b', filename: 'b.jar', data: bytes },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().description).toBe('Send exactly one file part');
    const large = await inferFile(Buffer.concat([bytes, randomBytes(MAX_FILE_BYTES)]));
    expect(large.statusCode).toBe(400);
    expect(large.json().description).toContain(`limit of ${MAX_FILE_BYTES} bytes`);
    const body = multipart([{ name: 'file', filename: 'x.jar', data: bytes }]);
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/v2/version/infer',
      payload: body.payload.subarray(0, body.payload.length - 40),
      headers: { ...body.headers, authorization: actors.creator.pat },
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json().description).toMatch(/^Malformed upload/);
    const plain = await ctx.app.inject({ method: 'POST', url: '/v2/version/infer', payload: { file: 'x' }, headers: { authorization: actors.creator.pat } });
    expect(plain.statusCode).toBe(400);
  });

  it('leaves no temporary file behind', async () => {
    const before = (await readdir(tmpdir())).filter((n) => n.startsWith('cairn-infer-')).length;
    await inferFile(Buffer.from('not a zip'));
    await expectInferred(jarOf({ 'fabric.mod.json': '{"id":"x","version":"1"}' }));
    expect((await readdir(tmpdir())).filter((n) => n.startsWith('cairn-infer-')).length).toBeLessThanOrEqual(before);
  });
});

describe('POST /v2/version/infer: who may call it', () => {
  it('needs a credential with VERSION_CREATE', async () => {
    const bytes = jarOf({ 'fabric.mod.json': '{"id":"x","version":"1"}' });
    expect((await infer(undefined, [{ name: 'file', filename: 'x.jar', data: bytes }])).statusCode).toBe(401);
    const without = await createPat(ctx.database.db, actors.user.id, withoutRestricted(ALL_SCOPES) - scopeBits('VERSION_CREATE'));
    const refused = await inferFile(bytes, 'x.jar', '', without);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().description).toContain('VERSION_CREATE');
    const only = await createPat(ctx.database.db, actors.user.id, scopeBits('VERSION_CREATE'));
    expect((await inferFile(bytes, 'x.jar', '', only)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const paths = (await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json().paths;
    expect(paths['/v2/version/infer'].post.operationId).toBe('inferVersion');
  });
});
