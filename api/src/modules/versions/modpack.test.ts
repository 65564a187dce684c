import { describe, expect, it } from 'vitest';
import { parseModpackIndex } from './modpack.js';
import type { ModpackDownloadPolicy } from './modpack-rules.js';

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

describe('modpack upload rules', () => {
  const policy: ModpackDownloadPolicy = {
    ownOrigins: ['http://127.0.0.1:8000', 'https://cdn.cairn.example'],
    hosts: ['cdn.modrinth.com', 'github.com', 'raw.githubusercontent.com', 'gitlab.com'],
  };
  const sha1 = 'a'.repeat(40);
  const sha512 = 'b'.repeat(128);
  const file = (overrides: Record<string, unknown> = {}) => ({
    path: 'mods/lantern.jar',
    hashes: { sha1, sha512 },
    env: { client: 'required', server: 'optional' },
    downloads: ['https://cdn.modrinth.com/data/AABBCCDD/versions/1.0.0/lantern.jar'],
    fileSize: 1024,
    ...overrides,
  });
  const pack = (overrides: Record<string, unknown> = {}) => ({
    formatVersion: 1,
    game: 'minecraft',
    versionId: '1.0.0',
    name: 'Starlit',
    summary: 'A pack',
    files: [file()],
    dependencies: { minecraft: '1.21.1', 'fabric-loader': '0.16.0' },
    ...overrides,
  });
  /** The message a pack is refused with (the index name prefix dropped), or 'accepted'. */
  const verdict = (value: unknown) => {
    try {
      parseModpackIndex(JSON.stringify(value), policy);
      return 'accepted';
    } catch (error) {
      return (error as Error).message.replace(/^modrinth\.index\.json /, '');
    }
  };
  /** A pack whose fourth file entry has the given fields. */
  const withFourth = (overrides: Record<string, unknown>) => pack({ files: [file(), file({ path: 'mods/b.jar' }), file({ path: 'mods/c.jar' }), file(overrides)] });

  it('accepts a valid pack, reading loaders, game version and file hashes', () => {
    const parsed = parseModpackIndex(
      JSON.stringify(
        pack({
          files: [
            file(),
            file({ path: 'config/deep/settings.toml', hashes: { sha1: sha1.toUpperCase(), sha512, sha256: 'c'.repeat(64) }, env: undefined, fileSize: 0 }),
            file({ path: 'mods/own.jar', downloads: ['http://127.0.0.1:8000/data/AAAA/versions/BBBB/own.jar'], env: { client: 'optional', server: 'unsupported' } }),
            file({ path: 'mods/cdn.jar', downloads: ['https://cdn.cairn.example/x.jar', 'https://github.com/o/r/releases/download/v1/cdn.jar', 'https://raw.githubusercontent.com/o/r/main/a.jar'] }),
          ],
        }),
      ),
      policy,
    );
    expect(parsed.loaders).toEqual(['fabric']);
    expect(parsed.gameVersions).toEqual(['1.21.1']);
    expect(parsed.files[1]).toEqual({ fileName: 'settings.toml', sha1, sha512 });
  });

  it('accepts a pack with no files (everything in overrides) and no env', () => {
    expect(verdict(pack({ files: [] }))).toBe('accepted');
    expect(verdict(pack({ files: [file({ env: undefined })] }))).toBe('accepted');
  });

  it.each([
    ['a document that is not an object', [], 'the index must be a JSON object'],
    ['format version 2', pack({ formatVersion: 2 }), 'formatVersion: must be 1'],
    ['format version "1"', pack({ formatVersion: '1' }), 'formatVersion: must be 1'],
    ['another game', pack({ game: 'terraria' }), 'game: must be "minecraft"'],
    ['no versionId', pack({ versionId: undefined }), 'versionId: must be a non-empty string'],
    ['an empty name', pack({ name: ' ' }), 'name: must be a non-empty string'],
    ['a long summary', pack({ summary: 'x'.repeat(2049) }), 'summary: must be at most 2048 characters long'],
    ['no dependencies', pack({ dependencies: undefined }), 'dependencies: must be an object of launcher dependency ids and versions'],
    ['an unknown dependency', pack({ dependencies: { minecraft: '1.21.1', optifine: 'HD_U' } }), 'dependencies.optifine: unknown dependency'],
    ['a dependency without a version', pack({ dependencies: { minecraft: 1 } }), 'dependencies.minecraft: must be a version string'],
    ['files that are not a list', pack({ files: {} }), 'files: must be a list'],
    ['a file entry that is not an object', pack({ files: ['mods/a.jar'] }), 'files[0]: must be an object'],
  ])('refuses %s', (_, value, message) => {
    expect(verdict(value)).toContain(message);
  });

  it.each([
    ['no path', { path: undefined }, 'files[3].path: must be a string'],
    ['an empty path', { path: '' }, 'files[3].path: must not be empty'],
    ['an absolute path', { path: '/etc/passwd' }, 'files[3].path: must be relative to the instance folder (no leading slash)'],
    ['a parent segment', { path: 'mods/../../escape.jar' }, "files[3].path: must stay inside the instance folder (no '..' segments)"],
    ['a bare parent path', { path: '..' }, "files[3].path: must stay inside the instance folder (no '..' segments)"],
    ['a backslash', { path: 'mods\\..\\evil.jar' }, 'files[3].path: must use forward slashes (no backslashes)'],
    ['a drive letter', { path: 'C:/Windows/evil.dll' }, 'files[3].path: must be relative to the instance folder (no drive letter)'],
    ['a drive-relative path', { path: 'c:evil.jar' }, 'files[3].path: must be relative to the instance folder (no drive letter)'],
    ['an empty segment', { path: 'mods//a.jar' }, 'files[3].path: must not have empty segments'],
    ['a trailing slash', { path: 'mods/' }, 'files[3].path: must not have empty segments'],
    ['a control character', { path: 'mods/a\u0000.jar' }, 'files[3].path: must not contain control characters'],
    ['no hashes', { hashes: undefined }, 'files[3].hashes: must be an object with sha1 and sha512'],
    ['only a sha1', { hashes: { sha1 } }, 'files[3].hashes.sha512: missing (every file needs both a sha1 and a sha512 hash)'],
    ['only a sha512', { hashes: { sha512 } }, 'files[3].hashes.sha1: missing (every file needs both a sha1 and a sha512 hash)'],
    ['a short sha1', { hashes: { sha1: 'abc', sha512 } }, 'files[3].hashes.sha1: must be 40 hexadecimal characters'],
    ['a sha512 that is not hex', { hashes: { sha1, sha512: 'z'.repeat(128) } }, 'files[3].hashes.sha512: must be 128 hexadecimal characters'],
    ['an env that is not an object', { env: 'client' }, 'files[3].env: must be an object with client and server'],
    ['an unknown side value', { env: { client: 'always', server: 'optional' } }, 'files[3].env.client: must be required, optional, unsupported'],
    ['an unknown environment', { env: { client: 'required', proxy: 'optional' } }, 'files[3].env.proxy: unknown environment (only client and server)'],
    ['no downloads', { downloads: undefined }, 'files[3].downloads: must list at least one URL the file is downloaded from'],
    ['an empty download list', { downloads: [] }, 'files[3].downloads: must list at least one URL the file is downloaded from'],
    ['a download that is not a string', { downloads: [42] }, 'files[3].downloads[0]: must be a URL'],
    ['a download that is no URL', { downloads: ['lantern.jar'] }, 'files[3].downloads[0]: is not a valid URL'],
    ['an unencoded space', { downloads: ['https://github.com/o/r/my mod.jar'] }, 'files[3].downloads[0]: must not contain spaces'],
    ['a plain-http download', { downloads: ['http://github.com/o/r/a.jar'] }, 'files[3].downloads[0]: must be an https URL'],
    ['another scheme', { downloads: ['ftp://github.com/a.jar'] }, 'files[3].downloads[0]: must be an https URL'],
    ['credentials in the URL', { downloads: ['https://user:secret@github.com/a.jar'] }, 'files[3].downloads[0]: must not carry a user name or password'],
    ['a host not on the list', { downloads: ['https://example.org/a.jar'] }, 'files[3].downloads[0]: host example.org is not allowed'],
    ['a look-alike host', { downloads: ['https://github.com.evil.example/a.jar'] }, 'files[3].downloads[0]: host github.com.evil.example is not allowed'],
    ['a sub-domain of an allowed host', { downloads: ['https://gist.github.com/a.jar'] }, 'files[3].downloads[0]: host gist.github.com is not allowed'],
    ['a bad second download', { downloads: ['https://github.com/a.jar', 'https://example.org/a.jar'] }, 'files[3].downloads[1]: host example.org is not allowed'],
    ["Cairn's own host on another scheme", { downloads: ['http://cdn.cairn.example/a.jar'] }, 'files[3].downloads[0]: must be an https URL'],
    ['no file size', { fileSize: undefined }, "files[3].fileSize: must be a non-negative whole number (the file's size in bytes)"],
    ['a negative file size', { fileSize: -1 }, 'files[3].fileSize: must be a non-negative whole number'],
    ['a fractional file size', { fileSize: 1.5 }, 'files[3].fileSize: must be a non-negative whole number'],
    ['a file size as text', { fileSize: '1024' }, 'files[3].fileSize: must be a non-negative whole number'],
  ])('refuses a file entry with %s, naming the entry and the rule', (_, overrides, message) => {
    expect(verdict(withFourth(overrides))).toContain(message);
  });

  it('lists the allowed hosts when refusing one', () => {
    expect(verdict(withFourth({ downloads: ['https://example.org/a.jar'] }))).toBe(
      'files[3].downloads[0]: host example.org is not allowed (allowed: 127.0.0.1, cdn.cairn.example, cdn.modrinth.com, github.com, raw.githubusercontent.com, gitlab.com)',
    );
  });

  it("allows only Cairn's own links when no other host is configured", () => {
    const own: ModpackDownloadPolicy = { ownOrigins: ['https://api.cairn.example'], hosts: [] };
    const text = (url: string) => JSON.stringify(pack({ files: [file({ downloads: [url] })] }));
    expect(parseModpackIndex(text('https://api.cairn.example/data/A/versions/B/a.jar'), own).files).toHaveLength(1);
    expect(() => parseModpackIndex(text('https://github.com/o/r/a.jar'), own)).toThrow('files[0].downloads[0]: host github.com is not allowed');
  });

  it('leaves metadata reading (no policy) to the shape checks only', () => {
    expect(parseModpackIndex(JSON.stringify(pack({ files: [file({ downloads: [], hashes: { sha1 } })] }))).files).toEqual([
      { fileName: 'lantern.jar', sha1, sha512: undefined },
    ]);
  });
});
