#!/usr/bin/env node
import path from 'node:path';
import { buildAgent } from './app.js';
import { loadConfig } from './config.js';
import { enrol, forgetCredential, joinArguments, joinDefaults, readCredential, type StoredCredential } from './join.js';
import { startTracing } from './tracing.js';
import { startTunnel } from './tunnel-client.js';

// Join mode (an own node, docs/api/node-agent.md): enrol once, then reach the API through a tunnel.
const join = joinArguments(process.argv.slice(2));
let own: StoredCredential | undefined;
if (join) {
  const env = joinDefaults(process.env);
  const dataDir = path.resolve(env.NODE_AGENT_DATA_DIR!);
  own = await readCredential(dataDir);
  if (!own) {
    if (!join.apiUrl || !join.token) {
      console.error('This node is not enrolled yet: start it with --join <api-url> <token> (the join command from "My nodes").');
      process.exit(1);
    }
    try {
      own = await enrol(join.apiUrl, join.token, dataDir, process.env.NODE_AGENT_PUBLIC_HOST);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
    console.error(`Enrolled as node "${own.name}"; the credential is in ${dataDir} (readable by this user only).`);
  }
  Object.assign(process.env, env, { NODE_AGENT_TOKEN: own.agent_token });
}

const config = loadConfig();
// Before the app is built: its hooks are added only when tracing is on.
const tracing = await startTracing(config.tracing, config.nodeId, (message) => console.error(message));
const agent = await buildAgent(config, { logger: true });
const address = await agent.app.listen({ host: config.host, port: config.port });
const sftp = await agent.listenSftp();

let closing = false;
const shutdown = (code: number) => {
  if (closing) return;
  closing = true;
  tunnel?.close();
  void agent
    .close()
    .then(() => tracing?.shutdown())
    .finally(() => process.exit(code));
};

const tunnel = own
  ? startTunnel({
      url: own.tunnel_url,
      credential: own.credential,
      local: address.replace('0.0.0.0', '127.0.0.1'),
      log: (message) => console.error(`[tunnel] ${message}`),
      onConnected: () => console.log(JSON.stringify({ event: 'tunnel_connected', node_id: own.node_id })),
      onRevoked: () => {
        console.log(JSON.stringify({ event: 'tunnel_revoked', node_id: own.node_id }));
        void forgetCredential(config.dataDir).finally(() => shutdown(2));
      },
    })
  : undefined;

// One machine-readable line, so a supervisor that asked for port 0 learns the real ones.
console.log(JSON.stringify({ event: 'listening', address, node_id: config.nodeId, sftp_port: sftp?.port ?? null, own_node: own?.node_id ?? null }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(0));
