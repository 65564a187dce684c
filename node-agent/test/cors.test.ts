import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKey, signAccessToken } from '../src/auth.js';
import { TOKEN } from './harness.js';
import { inProcessAgent } from './in-process.js';

/** The site calls a server's files with the API's access token straight from the browser. */
describe('node agent CORS for the site', () => {
  let h: Awaited<ReturnType<typeof inProcessAgent>>;
  const site = 'https://cairn.test';
  const token = () => signAccessToken(accessKey(TOKEN), { sid: 'srv1', sub: 'u1', perms: ['files.read'], exp: Math.floor(Date.now() / 1000) + 60 });

  beforeAll(async () => {
    h = await inProcessAgent({ env: { NODE_AGENT_ALLOWED_ORIGINS: site } });
  });
  afterAll(() => h?.close());

  it("answers the site's preflight for file routes and lets it read the answer", async () => {
    const preflight = await h.agent.app.inject({
      method: 'OPTIONS',
      url: '/api/servers/srv1/files/contents?path=/server.properties',
      headers: { origin: site, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(site);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');

    const read = await h.agent.app.inject({ method: 'GET', url: '/api/servers/srv1/files/list?path=/', headers: { origin: site, authorization: `Bearer ${token()}` } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(site);
  });

  it('gives other origins and node-only routes no CORS headers', async () => {
    const other = await h.agent.app.inject({ method: 'GET', url: '/api/servers/srv1/files/list?path=/', headers: { origin: 'https://elsewhere.test', authorization: `Bearer ${token()}` } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const node = await h.agent.app.inject({ method: 'GET', url: '/api/node', headers: { origin: site, authorization: `Bearer ${TOKEN}` } });
    expect(node.headers['access-control-allow-origin']).toBeUndefined();
  });
});
