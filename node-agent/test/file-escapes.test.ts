import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AgentFileListSchema } from '@cairn/shared/schemas/node-agent';
import { TOKEN, tempDir } from './harness.js';
import { inProcessAgent } from './in-process.js';

type Harness = Awaited<ReturnType<typeof inProcessAgent>>;

/**
 * The escapes the website's file manager must never open: encoded traversal, symlinks planted in
 * the folder pointing outside (for every operation), archives written through links, and
 * uploads that would replace a file the user did not mean to replace.
 */
describe('file routes refuse every way out of the server folder', () => {
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
  const exists = (p: string) => fs.lstat(p).then(() => true, () => false);
  const outsideNames = () => fs.readdir(outside).then((names) => names.sort());

  beforeAll(async () => {
    h = await inProcessAgent({ storageMib: 32 });
    outside = await tempDir('escape-target');
    await fs.writeFile(path.join(outside, 'secret.txt'), 'top secret');
    await fs.symlink(outside, path.join(h.folder, 'door'));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(h.folder, 'secret-link.txt'));
  });
  afterAll(async () => {
    await h.close();
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('decodes percent-encoded and backslash traversal and still lands inside the folder', async () => {
    await fs.writeFile(path.join(h.dataDir, 'agent-private.txt'), 'agent only');
    for (const encoded of ['%2e%2e%2f%2e%2e%2fagent-private.txt', '..%2F..%2Fagent-private.txt', '..%5C..%5Cagent-private.txt', '%2Fetc%2Fpasswd', '%252e%252e%252fagent-private.txt']) {
      expectError(await req('GET', `contents?path=${encoded}`), 404, 'not_found');
    }
    const root = AgentFileListSchema.parse((await req('GET', 'list?path=%2e%2e%2f%2e%2e')).json());
    expect(root.path).toBe('/');
    expectError(await req('GET', 'list?path=a%00b'), 400, 'invalid_path');
    const written = await req('PUT', 'contents?path=..%2F..%2Fplanted.txt', 'x', 'application/octet-stream');
    expect(written.statusCode).toBe(200);
    expect(await exists(path.join(h.dataDir, 'planted.txt'))).toBe(false);
    expect(await exists(path.join(h.folder, 'planted.txt'))).toBe(true);
  });

  it('lists a planted link as a link and never lists, reads or downloads through it', async () => {
    const root = AgentFileListSchema.parse((await req('GET', 'list?path=/')).json());
    expect(root.entries.find((e) => e.name === 'door')).toMatchObject({ type: 'symlink', size: 0 });
    expectError(await req('GET', 'list?path=/door'), 400, 'invalid_path');
    expectError(await req('GET', 'contents?path=/secret-link.txt'), 400, 'invalid_path');
    expectError(await req('GET', 'download?path=/door/secret.txt'), 400, 'invalid_path');
  });

  it('never writes, moves, deletes or archives through a planted link', async () => {
    expectError(await req('PUT', 'contents?path=/secret-link.txt', 'overwritten', 'application/octet-stream'), 400, 'invalid_path');
    expectError(await req('POST', 'upload?path=/door/new.bin', 'x', 'application/octet-stream'), 400, 'invalid_path');
    expectError(await req('POST', 'mkdir', { path: '/door/made' }), 400, 'invalid_path');
    expectError(await req('POST', 'rename', { from: '/door/secret.txt', to: '/stolen.txt' }), 400, 'invalid_path');
    expectError(await req('POST', 'rename', { from: '/planted.txt', to: '/door/planted.txt' }), 400, 'invalid_path');
    expectError(await req('POST', 'delete', { paths: ['/door/secret.txt'] }), 400, 'invalid_path');
    expectError(await req('POST', 'archive', { paths: ['/door/secret.txt'], destination: '/a.tar.gz' }), 400, 'invalid_path');
    expectError(await req('POST', 'archive', { paths: ['/planted.txt'], destination: '/door/a.tar.gz' }), 400, 'invalid_path');
    expect(await outsideNames()).toEqual(['secret.txt']);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('archives a folder holding a link without following it', async () => {
    expect((await req('POST', 'archive', { paths: ['/'], destination: '/everything.tar.gz' })).statusCode).toBe(201);
    const entries: Array<{ path: string; type: string }> = [];
    await tar.t({ file: path.join(h.folder, 'everything.tar.gz'), onReadEntry: (entry) => void entries.push({ path: entry.path, type: entry.type }) });
    expect(entries.find((e) => e.path.replace(/^\.\//, '') === 'door')?.type).toBe('SymbolicLink');
    expect(entries.some((e) => e.path.includes('secret.txt') && e.type === 'File')).toBe(false);
    // Never a copy of itself, half written.
    expect(entries.filter((e) => /everything\.tar\.gz|\.cairn-/.test(e.path))).toEqual([]);
    // Unpacking it again is refused whole: it holds links.
    expectError(await req('POST', 'extract', { path: '/everything.tar.gz', destination: '/again' }), 400, 'unsafe_archive');
    expect(await exists(path.join(h.folder, 'again', 'planted.txt'))).toBe(false);
  });

  it('refuses to extract into a folder that is a planted link, or from an archive that is one', async () => {
    const work = await tempDir('through-link');
    await fs.mkdir(path.join(work, 'door'));
    await fs.writeFile(path.join(work, 'door', 'dropped.txt'), 'dropped');
    const archive = path.join(work, 'through.tar.gz');
    await tar.c({ gzip: true, cwd: work, file: archive }, ['door/dropped.txt']);
    expect((await req('POST', 'upload?path=/through.tar.gz', await fs.readFile(archive), 'application/octet-stream')).statusCode).toBe(201);
    expectError(await req('POST', 'extract', { path: '/through.tar.gz', destination: '/' }), 400, 'unsafe_archive');
    expect(await outsideNames()).toEqual(['secret.txt']);

    await fs.copyFile(archive, path.join(outside, 'outer.tar.gz'));
    await fs.symlink(path.join(outside, 'outer.tar.gz'), path.join(h.folder, 'outer-link.tar.gz'));
    expectError(await req('POST', 'extract', { path: '/outer-link.tar.gz', destination: '/unpacked' }), 400, 'invalid_path');
    expectError(await req('POST', 'extract', { path: '/through.tar.gz', destination: '/door/inside' }), 400, 'invalid_path');
    expect(await exists(path.join(h.folder, 'unpacked'))).toBe(false);
    expect(await fs.readdir(outside)).not.toContain('inside');
    await fs.rm(work, { recursive: true, force: true });
  });

  it('refuses to replace a file when overwrite=false, without leaving a partial upload', async () => {
    expect((await req('POST', 'upload?path=/notes/keep.txt&overwrite=false', 'first', 'application/octet-stream')).statusCode).toBe(201);
    const second = await req('POST', 'upload?path=/notes/keep.txt&overwrite=false', 'second', 'application/octet-stream');
    expectError(second, 409, 'already_exists');
    expect(ErrorBodySchema.parse(second.json()).description).toMatch(/^path:/);
    expect(await fs.readFile(path.join(h.folder, 'notes', 'keep.txt'), 'utf8')).toBe('first');
    expect((await req('POST', 'upload?path=/notes/keep.txt', 'third', 'application/octet-stream')).statusCode).toBe(201);
    expect(await fs.readFile(path.join(h.folder, 'notes', 'keep.txt'), 'utf8')).toBe('third');
    expect(await fs.readdir(path.join(h.folder, 'notes'))).toEqual(['keep.txt']);
    expectError(await req('POST', 'upload?path=/x&overwrite=maybe', 'x', 'application/octet-stream'), 400, 'invalid_input');
  });

  it('streams an upload far larger than the request body limit to disk', async () => {
    const chunk = Buffer.alloc(256 * 1024, 7);
    const chunks = 48; // 12 MiB, twelve times the JSON body limit.
    const body = Readable.from((function* () {
      for (let i = 0; i < chunks; i++) yield chunk;
    })());
    const response = await h.agent.app.inject({
      method: 'POST',
      url: '/api/servers/srv1/files/upload?path=/big/world.bin',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ path: '/big/world.bin', size: chunk.length * chunks });
    expect((await fs.stat(path.join(h.folder, 'big', 'world.bin'))).size).toBe(chunk.length * chunks);
  });
});
