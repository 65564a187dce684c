#!/usr/bin/env node
import { buildAgent } from './app.js';
import { loadConfig } from './config.js';
import { startTracing } from './tracing.js';

const config = loadConfig();
// Before the app is built: its hooks are added only when tracing is on.
const tracing = await startTracing(config.tracing, config.nodeId, (message) => console.error(message));
const agent = await buildAgent(config, { logger: true });
const address = await agent.app.listen({ host: config.host, port: config.port });
const sftp = await agent.listenSftp();
// One machine-readable line, so a supervisor that asked for port 0 learns the real ones.
console.log(JSON.stringify({ event: 'listening', address, node_id: config.nodeId, sftp_port: sftp?.port ?? null }));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void agent
      .close()
      .then(() => tracing?.shutdown())
      .finally(() => process.exit(0));
  });
}
