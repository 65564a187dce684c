import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AgentFileListSchema } from '@cairn/shared/schemas/node-agent';
import { TOKEN, tempDir } from './harness.js';
import { inProcessAgent } from './in-process.js';

type Harness = Awaited<ReturnType<typeof inProcessAgent>>;

describe('file operations stay inside the server folder', () => {
  let h: Harness;
  let outside: string;
  const auth = { authorization: `Bearer ${TOKEN}` };
  const req = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, contentType?: string) =>
    h.agent.app.inject({
      method,
      url: `/api/servers/srv1/files/${url}`,
      headers: contentType ? { ...auth, 'content-type': contentType } : auth,
      payload: payload as string,
    });
  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(ErrorBodySchema.strict().parse(response.json()).error).toBe(code);
  };
  const exists = (p: string) => fs.access(p).then(() => true, () => false);

  beforeAll(async () => {
    h = await inProcessAgent({ storageMib: 16 });
    outside = await tempDir('outside');
    await fs.writeFile(path.join(outside, 'secret.txt'), 'top secret');
  });
  afterAll(async () => {
    await h.close();
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('reads ".." and absolute paths as rooted at the server folder', async () => {
    const root = AgentFileListSchema.parse((await req('GET', 'list?path=/../..')).json());
    expect(root.path).toBe('/');
    expect(root.entries.map((e) => e.name)).toContain('server.properties');
    const passwd = await req('GET', 'contents?path=/etc/passwd');
    expectError(passwd, 404, 'not_found');
    // The agent's own state file sits two levels above the server folder.
    expectError(await req('GET', `contents?path=${encodeURIComponent('../../servers.json')}`), 404, 'not_found');
    const written = await req('PUT', `contents?path=${encodeURIComponent('../../escaped.txt')}`, 'x', 'text/plain');
    expect(written.statusCode).toBe(200);
    expect(await exists(path.join(h.dataDir, 'escaped.txt'))).toBe(false);
    expect(await exists(path.join(h.folder, 'escaped.txt'))).toBe(true);
  });

  it('refuses to follow symlinks that lead outside', async () => {
    await fs.symlink(outside, path.join(h.folder, 'outside'));
    await fs.symlink('/etc/passwd', path.join(h.folder, 'passwd'));
    expectError(await req('GET', 'contents?path=/outside/secret.txt'), 400, 'invalid_path');
    expectError(await req('GET', 'download?path=/passwd'), 400, 'invalid_path');
    expectError(await req('GET', 'list?path=/outside'), 400, 'invalid_path');
    expectError(await req('PUT', 'contents?path=/outside/planted.txt', 'x', 'text/plain'), 400, 'invalid_path');
    expectError(await req('POST', 'upload?path=/outside/deep/planted.bin', 'x', 'application/octet-stream'), 400, 'invalid_path');
    expectError(await req('POST', 'mkdir', { path: '/outside/newdir' }), 400, 'invalid_path');
    expectError(await req('POST', 'rename', { from: '/server.properties', to: '/outside/stolen' }), 400, 'invalid_path');
    expectError(await req('POST', 'extract', { path: '/x.tar.gz', destination: '/outside' }), 400, 'invalid_path');
    expect(await fs.readdir(outside)).toEqual(['secret.txt']);
    // The link itself may be removed; its target is untouched.
    expect((await req('POST', 'delete', { paths: ['/outside', '/passwd'] })).statusCode).toBe(204);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
    expect(await exists('/etc/passwd')).toBe(true);
  });

  it('refuses zip-slip archives, link entries and absolute entries without writing anything', async () => {
    const work = await tempDir('slip');
    await fs.mkdir(path.join(work, 'inner'));
    await fs.writeFile(path.join(work, 'slip-escape.txt'), 'escaped');
    await fs.writeFile(path.join(work, 'inner', 'ok.txt'), 'fine');
    await fs.symlink('/etc', path.join(work, 'inner', 'etc-link'));
    const slip = path.join(work, 'slip.tar.gz');
    await tar.c({ gzip: true, cwd: path.join(work, 'inner'), file: slip, preservePaths: true }, ['ok.txt', '../slip-escape.txt']);
    const linked = path.join(work, 'linked.tar.gz');
    await tar.c({ gzip: true, cwd: path.join(work, 'inner'), file: linked }, ['ok.txt', 'etc-link']);
    const absolute = path.join(work, 'absolute.tar.gz');
    await tar.c({ gzip: true, cwd: work, file: absolute, preservePaths: true }, [path.join(work, 'slip-escape.txt')]);

    for (const [name, file] of [['slip', slip], ['linked', linked], ['absolute', absolute]] as const) {
      const uploaded = await req('POST', `upload?path=/${name}.tar.gz`, await fs.readFile(file), 'application/octet-stream');
      expect(uploaded.statusCode).toBe(201);
      expectError(await req('POST', 'extract', { path: `/${name}.tar.gz`, destination: '/unpacked' }), 400, 'unsafe_archive');
    }
    expect(await exists(path.join(h.folder, 'unpacked', 'ok.txt'))).toBe(false);
    expect(await exists(path.join(h.folder, 'slip-escape.txt'))).toBe(false);
    expect(await exists(path.join(path.dirname(h.folder), 'slip-escape.txt'))).toBe(false);
    await fs.rm(work, { recursive: true, force: true });
  });

  it('enforces the storage quota on streamed uploads and leaves nothing behind', async () => {
    const big = Buffer.alloc(17 * 1024 * 1024, 1);
    expectError(await req('POST', 'upload?path=/big.bin', big, 'application/octet-stream'), 413, 'storage_quota_exceeded');
    const listing = AgentFileListSchema.parse((await req('GET', 'list?path=/')).json());
    expect(listing.entries.filter((e) => e.name.startsWith('.cairn-') || e.name === 'big.bin')).toEqual([]);
  });

  it('lists, writes, renames, archives, extracts, downloads and deletes', async () => {
    expect((await req('POST', 'mkdir', { path: '/plugins/sub' })).statusCode).toBe(204);
    expect((await req('POST', 'upload?path=/plugins/sub/a.txt', 'alpha', 'application/octet-stream')).json()).toEqual({ path: '/plugins/sub/a.txt', size: 5 });
    expect((await req('POST', 'rename', { from: '/plugins/sub/a.txt', to: '/plugins/b.txt' })).statusCode).toBe(204);
    expectError(await req('POST', 'rename', { from: '/plugins/missing', to: '/plugins/c.txt' }), 404, 'not_found');
    const archived = await req('POST', 'archive', { paths: ['/plugins'], destination: '/plugins.tar.gz' });
    expect(archived.statusCode).toBe(201);
    expect((await req('POST', 'delete', { paths: ['/plugins'] })).statusCode).toBe(204);
    expectError(await req('GET', 'contents?path=/plugins/b.txt'), 404, 'not_found');
    expect((await req('POST', 'extract', { path: '/plugins.tar.gz', destination: '/' })).statusCode).toBe(204);
    expect((await req('GET', 'contents?path=/plugins/b.txt')).body).toBe('alpha');
    const download = await req('GET', 'download?path=/plugins/b.txt');
    expect(download.headers['content-disposition']).toContain('b.txt');
    expect(download.rawPayload.toString()).toBe('alpha');
    const listing = AgentFileListSchema.parse((await req('GET', 'list?path=/plugins')).json());
    expect(listing.entries).toEqual([expect.objectContaining({ name: 'sub', type: 'directory' }), expect.objectContaining({ name: 'b.txt', type: 'file', size: 5 })]);
  });

  it('stores text bodies byte for byte and refuses JSON bodies as files', async () => {
    const text = 'motd=Grüße\n';
    expect((await req('PUT', 'contents?path=/t.txt', text, 'text/plain; charset=utf-8')).json()).toEqual({ path: '/t.txt', size: Buffer.byteLength(text) });
    expect(await fs.readFile(path.join(h.folder, 't.txt'), 'utf8')).toBe(text);
    expectError(await req('PUT', 'contents?path=/j.json', JSON.stringify({ a: 1 }), 'application/json'), 415, 'unsupported_media_type');
    expectError(await req('PUT', 'contents?path=/j.json', '{bad', 'application/json'), 400, 'invalid_input');
  });

  it('names the bad field in validation errors', async () => {
    const response = await req('POST', 'rename', { from: '/a' });
    expectError(response, 400, 'invalid_input');
    expect(ErrorBodySchema.parse(response.json()).description).toMatch(/^to:/);
    expect(os.platform()).toBe('linux');
  });
});
