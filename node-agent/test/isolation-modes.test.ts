import { afterEach, describe, expect, it } from 'vitest';
import { AgentNodeInfoSchema, AgentServerSchema } from '@cairn/shared/schemas/node-agent';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { TOKEN, waitFor } from './harness.js';
import { inProcessAgent } from './in-process.js';

type Harness = Awaited<ReturnType<typeof inProcessAgent>>;

/** What a node that does not isolate says about itself, and what it refuses. */
describe('a node without isolation', () => {
  let h: Harness | undefined;
  const auth = { authorization: `Bearer ${TOKEN}` };
  const get = async (url: string) => (await h!.agent.app.inject({ method: 'GET', url, headers: auth })).json();
  const power = (action: string) => h!.agent.app.inject({ method: 'POST', url: '/api/servers/srv1/power?wait=true', headers: auth, payload: { action } });

  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('refuses to start servers when isolation is required but the host cannot provide it, and says why', async () => {
    h = await inProcessAgent({ env: { NODE_AGENT_ISOLATION: 'on', NODE_AGENT_BWRAP: '/nonexistent/bwrap' } });
    const { isolation } = AgentNodeInfoSchema.parse(await get('/api/node'));
    expect(isolation).toMatchObject({ enabled: false, mechanism: 'none', disabled_by_operator: false });
    expect(isolation.warnings.join(' ')).toMatch(/cannot isolate game servers .*no server will start/);
    expect(AgentServerSchema.parse(await get('/api/servers/srv1')).isolated).toBe(false);
    for (const action of ['start', 'restart']) {
      const refused = await power(action);
      expect(refused.statusCode).toBe(503);
      expect(ErrorBodySchema.strict().parse(refused.json())).toMatchObject({ error: 'isolation_unavailable', description: expect.stringMatching(/^node: this node cannot isolate game servers/) });
    }
    expect(h.agent.manager.get('srv1').process.state).toBe('stopped');
  });

  it('runs servers unisolated under NODE_AGENT_ISOLATION=off, warning on the node and at every start', async () => {
    h = await inProcessAgent({ env: { NODE_AGENT_ISOLATION: 'off' } });
    const { isolation } = AgentNodeInfoSchema.parse(await get('/api/node'));
    expect(isolation).toMatchObject({ enabled: false, mechanism: 'none', disabled_by_operator: true });
    expect(isolation.warnings[0]).toMatch(/NODE_AGENT_ISOLATION=off.*development/);
    expect((await power('start')).statusCode).toBe(200);
    await waitFor(async () => (h!.agent.manager.get('srv1').process.state === 'running' ? true : undefined), 60_000, 'running');
    expect(h.agent.manager.get('srv1').process.consoleHistory.join('\n')).toMatch(/WARNING: this node does not isolate servers/);
    expect(AgentServerSchema.parse(await get('/api/servers/srv1')).isolated).toBe(false);
    expect((await power('stop')).statusCode).toBe(200);
  });
});
