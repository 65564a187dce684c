import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';
import { insertProject, insertVersion } from '../factories/catalogue.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';

let ctx: TestContext;
let owner: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await insertUserWithTokens(ctx.database.db, { username: 'Hardened' });
});
afterAll(() => ctx.close());

const NUL_PATHS: Array<[string, string]> = [
  ['/v2/project/%00', "path parameter 'id'"],
  ['/v2/user/%00', "path parameter 'id'"],
  ['/v2/user/a%00b/projects', "path parameter 'id'"],
  ['/v2/project/x%00/version', "path parameter 'id'"],
  ['/v2/version_file/%00', "path parameter 'hash'"],
  ['/v2/tag/license/MIT%00', "path parameter 'id'"],
  [`/v2/projects?ids=${encodeURIComponent(JSON.stringify(['\u0000']))}`, "query parameter 'ids.0'"],
];

describe('text the database cannot store', () => {
  it.each(NUL_PATHS)('rejects a NUL character in %s with a 400 naming the field', async (url, field) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_input',
      description: expect.stringContaining(`${field}: must not contain a NUL character`),
    });
  });

  it('rejects a NUL character in a JSON body field', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { username: 'a\u0000b', password: 'whatever-password' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().description).toContain("body 'username': must not contain a NUL character");

    const reset = await ctx.app.inject({ method: 'POST', url: '/v2/auth/password/reset', payload: { email: 'x\u0000@example.test' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().description).toContain("body 'email'");
  });

  it('leaves a profile unchanged when the patch holds a NUL character', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/user/${owner.username}`,
      headers: { authorization: owner.pat },
      payload: { bio: 'hello\u0000world' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain("body 'bio': must not contain a NUL character");
    const after = await ctx.app.inject({ method: 'GET', url: `/v2/user/${owner.username}` });
    expect(String(after.json().bio)).not.toContain('world');
  });

  it('rejects an unpaired surrogate', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: `{"username":"\\ud800x","password":"whatever-password"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain("body 'username': must not contain an unpaired UTF-16 surrogate");
  });
});

describe('malformed URLs and requests', () => {
  it('answers a malformed percent-escape with a 400 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/project/%ff%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', description: expect.stringContaining('percent-escape') });
  });

  it('answers an overlong path parameter with a 414', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/v2/project/${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'uri_too_long', description: 'A path parameter is too long' });
  });

  it('answers oversized request headers with a 431 in the error shape', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/v2/tag/category?q=${'x'.repeat(20_000)}`, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ error: 'request_header_fields_too_large', description: expect.any(String) });
  });
});

describe('malformed uploads', () => {
  const upload = (contentType: string, payload: string | Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/project',
      headers: { authorization: owner.pat, 'content-type': contentType },
      payload,
    });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n'],
    ['random bytes', 'multipart/form-data; boundary=abc', Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x0d, 0x0a])],
    ['an unterminated part', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"tit'],
    ['a bad part header', 'multipart/form-data; boundary=abc', '--abc\r\nnot a header\r\n\r\nvalue\r\n--abc--\r\n'],
  ])('answers %s with a 400 in the error shape', async (_name, contentType, payload) => {
    const response = await upload(contentType, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['description', 'error']);
  });

  const dataPart = (json: string, partContentType?: string) =>
    [
      '--abc',
      'Content-Disposition: form-data; name="data"',
      ...(partContentType ? [`Content-Type: ${partContentType}`] : []),
      '',
      json,
      '--abc--',
      '',
    ].join('\r\n');

  it('reads a data part sent with a JSON content type like any other', async () => {
    const response = await upload('multipart/form-data; boundary=abc', dataPart('{"title":1}', 'application/json'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().description).toMatch(/^Invalid data '\w+'/);
  });

  it('rejects a NUL character inside the data part, naming the field', async () => {
    const response = await upload('multipart/form-data; boundary=abc', dataPart('{"title":"a\\u0000b"}'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().description).toContain('title');
  });
});

describe('names that are also properties of every object', () => {
  it.each(['__proto__', 'constructor', 'toString'])('answers the license %s as unknown', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/v2/tag/license/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', description: `'${id}' is not a known SPDX license identifier` });
  });
});

describe('values at the edge of what the database holds', () => {
  it('answers update checks with an empty loader or game version list as matching nothing', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: owner.id });
    const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: owner.id });
    for (const filter of [{ loaders: [] }, { game_versions: [] }, { loaders: [], game_versions: [] }]) {
      const one = await ctx.app.inject({ method: 'POST', url: `/v2/version_file/${version.sha1}/update`, payload: filter });
      expect(one.statusCode, JSON.stringify(filter)).toBe(404);
      expect(Object.keys(one.json()).sort()).toEqual(['description', 'error']);
      const many = await ctx.app.inject({ method: 'POST', url: '/v2/version_files/update', payload: { hashes: [version.sha1], ...filter } });
      expect(many.statusCode, JSON.stringify(filter)).toBe(200);
      expect(many.json()).toEqual({});
    }
    const unfiltered = await ctx.app.inject({ method: 'POST', url: '/v2/version_files/update', payload: { hashes: [version.sha1] } });
    expect(Object.keys(unfiltered.json())).toEqual([version.sha1]);
  });

  it('refuses an ordering or permission bits beyond the integer range with a 400 naming the field', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: owner.id });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/v2/team/${project.teamKey}/members`,
      headers: { authorization: owner.pat },
      payload: { user_id: owner.username, permissions: 2 ** 40 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain("body 'permissions'");
  });
});
