import fs from 'node:fs/promises';
import { buildAgent, type Agent } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { TEST_ISOLATION, testUidBase, TOKEN, tempDir, waitFor } from './harness.js';

/** An agent built in this process (no listening unless asked) with one installed, stopped server. */
export async function inProcessAgent(options: { storageMib?: number; env?: Record<string, string> } = {}) {
  const dataDir = await tempDir('agent-inproc');
  const config = loadConfig({ NODE_AGENT_TOKEN: TOKEN, NODE_AGENT_DATA_DIR: dataDir, NODE_AGENT_PORT: '0', NODE_AGENT_ISOLATION: TEST_ISOLATION, NODE_AGENT_UID_BASE: testUidBase(), ...options.env });
  let agent: Agent = await buildAgent(config);
  const created = await agent.app.inject({
    method: 'POST',
    url: '/api/servers',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: {
      id: 'srv1',
      runtime: 'flying-squid',
      game_version: '1.21.4',
      port: 30001,
      limits: { memory_mib: 512, cpu_percent: 100, storage_mib: options.storageMib ?? 16 },
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  await waitFor(async () => (agent.manager.get('srv1').process.state === 'stopped' ? true : undefined), 10_000, 'install');
  return {
    get agent() {
      return agent;
    },
    dataDir,
    folder: agent.manager.get('srv1').folder,
    /** Clean stop of the agent (SIGTERM path) and a new one on the same data folder. */
    async restart() {
      await agent.close();
      agent = await buildAgent(config);
    },
    async close() {
      await agent.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
