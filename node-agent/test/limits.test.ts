import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentServerSchema, AgentStatsSchema } from '@cairn/shared/schemas/node-agent';
import { accessKey, signAccessToken } from '../src/auth.js';
import { TOKEN } from './harness.js';
import { inProcessAgent } from './in-process.js';

/** A plan upgrade moves a server's limits; only the node token (the API) may. */
describe('changing a server’s limits', () => {
  let h: Awaited<ReturnType<typeof inProcessAgent>>;
  const limits = { memory_mib: 1024, cpu_percent: 300, storage_mib: 64 };
  const patch = (token: string, payload: object) =>
    h.agent.app.inject({ method: 'PATCH', url: '/api/servers/srv1', headers: { authorization: `Bearer ${token}` }, payload });

  beforeAll(async () => {
    h = await inProcessAgent();
  });
  afterAll(() => h?.close());

  it('stores new limits, reports them and keeps them across an agent restart', async () => {
    const response = await patch(TOKEN, { limits });
    expect(response.statusCode, response.body).toBe(200);
    expect(AgentServerSchema.strict().parse(response.json()).limits).toEqual(limits);
    const stats = AgentStatsSchema.parse((await h.agent.app.inject({ method: 'GET', url: '/api/servers/srv1/stats', headers: { authorization: `Bearer ${TOKEN}` } })).json());
    expect(stats.memory_limit_bytes).toBe(1024 * 1024 * 1024);
    expect(stats.disk_limit_bytes).toBe(64 * 1024 * 1024);
    await h.restart();
    const after = await h.agent.app.inject({ method: 'GET', url: '/api/servers/srv1', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(AgentServerSchema.parse(after.json()).limits).toEqual(limits);
  });

  it('refuses access tokens and malformed limits', async () => {
    const access = signAccessToken(accessKey(TOKEN), { sid: 'srv1', sub: 'u1', perms: ['console', 'control', 'files.read', 'files.write', 'backups'], exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await patch(access, { limits })).statusCode).toBe(403);
    const bad = await patch(TOKEN, { limits: { ...limits, memory_mib: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ description: string }>().description).toMatch(/memory_mib/);
  });
});
