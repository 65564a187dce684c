import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AccessTokenSchema, AgentServerListSchema } from '@cairn/shared/schemas/node-agent';
import { accessKey, signAccessToken } from '../src/auth.js';
import { TOKEN } from './harness.js';
import { inProcessAgent } from './in-process.js';

type Harness = Awaited<ReturnType<typeof inProcessAgent>>;

describe('node agent authentication', () => {
  let h: Harness;
  let url: string;

  const inject = (method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, payload?: unknown) =>
    h.agent.app.inject({ method, url: path, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as object });
  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(ErrorBodySchema.strict().parse(response.json()).error).toBe(code);
  };
  const issue = async (serverId: string, permissions: string[]) => {
    const response = await inject('POST', `/api/servers/${serverId}/access-tokens`, TOKEN, { user: 'u1', permissions, ttl_seconds: 60 });
    expect(response.statusCode).toBe(201);
    return AccessTokenSchema.strict().parse(response.json()).token;
  };
  /** Resolves with the HTTP status of a refused upgrade, or 101 when the socket opens. */
  const wsStatus = (path: string, origin?: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${url.replace('http', 'ws')}${path}`, origin ? { origin } : {});
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('error', reject);
    });

  beforeAll(async () => {
    h = await inProcessAgent({ env: { NODE_AGENT_ALLOWED_ORIGINS: 'https://cairn.test' } });
    const second = await inject('POST', '/api/servers', TOKEN, {
      id: 'srv2',
      runtime: 'flying-squid',
      game_version: '1.21.4',
      port: 30002,
      limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 16 },
    });
    expect(second.statusCode).toBe(201);
    url = await h.agent.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => h.close());

  it('requires the node token, compared exactly', async () => {
    expectError(await inject('GET', '/api/servers'), 401, 'unauthorized');
    expectError(await inject('GET', '/api/servers', 'wrong-token'), 401, 'unauthorized');
    expectError(await inject('GET', '/api/servers', `${TOKEN}x`), 401, 'unauthorized');
    const ok = await inject('GET', '/api/servers', TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(AgentServerListSchema.parse(ok.json()).servers.map((s) => s.id).sort()).toEqual(['srv1', 'srv2']);
    expect((await inject('GET', '/api/health')).statusCode).toBe(200);
  });

  it('accepts a server access token only for its server, its permissions and node-free routes', async () => {
    const filesToken = await issue('srv1', ['files.read']);
    expect((await inject('GET', '/api/servers/srv1/files/list?path=/', filesToken)).statusCode).toBe(200);
    expect((await inject('GET', '/api/servers/srv1', filesToken)).statusCode).toBe(200);
    expectError(await inject('GET', '/api/servers/srv2/files/list?path=/', filesToken), 403, 'forbidden');
    expectError(await inject('POST', '/api/servers/srv1/files/delete', filesToken, { paths: ['/server.properties'] }), 403, 'forbidden');
    expectError(await inject('POST', '/api/servers/srv1/power', filesToken, { action: 'start' }), 403, 'forbidden');
    expectError(await inject('GET', '/api/servers', filesToken), 403, 'forbidden');
    expectError(await inject('DELETE', '/api/servers/srv1', filesToken), 403, 'forbidden');
    expectError(await inject('POST', '/api/servers/srv1/access-tokens', filesToken, { user: 'x', permissions: ['console'] }), 403, 'forbidden');
  });

  it('rejects expired, tampered and foreign-key tokens', async () => {
    const key = accessKey(TOKEN);
    const expired = signAccessToken(key, { sid: 'srv1', sub: 'u1', perms: ['files.read'], exp: Math.floor(Date.now() / 1000) - 1 });
    expectError(await inject('GET', '/api/servers/srv1/files/list', expired), 401, 'unauthorized');
    const valid = await issue('srv1', ['files.read']);
    const [version, body, mac] = valid.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { sid: string };
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...claims, sid: 'srv2' })).toString('base64url')}.${mac}`;
    expectError(await inject('GET', '/api/servers/srv2/files/list', forged), 401, 'unauthorized');
    const otherNode = signAccessToken(accessKey('another-node-token-0123456789abcdef'), { sid: 'srv1', sub: 'u1', perms: ['files.read'], exp: Math.floor(Date.now() / 1000) + 60 });
    expectError(await inject('GET', '/api/servers/srv1/files/list', otherNode), 401, 'unauthorized');
  });

  it('guards the console WebSocket the same way', async () => {
    const consoleToken = await issue('srv1', ['console']);
    const filesToken = await issue('srv1', ['files.read']);
    expect(await wsStatus('/api/servers/srv1/console')).toBe(401);
    expect(await wsStatus('/api/servers/srv1/console?token=nope')).toBe(401);
    expect(await wsStatus(`/api/servers/srv2/console?token=${consoleToken}`)).toBe(403);
    expect(await wsStatus(`/api/servers/srv1/console?token=${filesToken}`)).toBe(403);
    expect(await wsStatus(`/api/servers/srv1/console?token=${consoleToken}`)).toBe(101);
    expect(await wsStatus(`/api/servers/srv1/console?token=${consoleToken}`, 'https://cairn.test')).toBe(101);
    expect(await wsStatus(`/api/servers/srv1/console?token=${consoleToken}`, 'https://elsewhere.test')).toBe(403);
  });

  it('answers unknown routes and bad input with the error body', async () => {
    expectError(await inject('GET', '/api/nothing', TOKEN), 404, 'not_found');
    expectError(await inject('GET', '/api/servers/missing', TOKEN), 404, 'not_found');
    const bad = await inject('POST', '/api/servers', TOKEN, { id: 'x', runtime: 'flying-squid', game_version: '1.21.4', port: 80, limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 16 } });
    expectError(bad, 400, 'invalid_input');
    expect(ErrorBodySchema.parse(bad.json()).description).toMatch(/^port:/);
    expectError(await inject('POST', '/api/servers', TOKEN, { id: 'srv9', runtime: 'java', game_version: '1.21.4', port: 30009, limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 16 } }), 400, 'invalid_input');
    expectError(await inject('POST', '/api/servers', TOKEN, { id: 'srv3', runtime: 'flying-squid', game_version: '1.21.4', port: 30001, limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 16 } }), 409, 'conflict');
  });
});
