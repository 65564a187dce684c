import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AgentRuntime } from '@cairn/shared/schemas/node-agent';
import { ActivityJournal, Revocations } from './access-journal.js';
import { accessKey } from './auth.js';
import { Backups } from './backups.js';
import type { AgentConfig } from './config.js';
import { allowSiteOrigins } from './cors.js';
import { AgentError } from './errors.js';
import { backupActionRoutes } from './routes/backup-actions.js';
import { backupRoutes } from './routes/backups.js';
import { consoleRoutes } from './routes/console.js';
import { fileHashRoutes } from './routes/file-hashes.js';
import { fileRoutes } from './routes/files.js';
import { metricsRoutes } from './routes/metrics.js';
import { createAgentMetrics } from './metrics.js';
import { optionRoutes } from './routes/options.js';
import type { AuthContext } from './routes/http.js';
import { serverRoutes } from './routes/servers.js';
import { sftpRoutes } from './routes/sftp.js';
import { SftpServer, type SftpInfo } from './sftp/sftp-server.js';
import { SftpUsers } from './sftp/sftp-users.js';
import { traceRequests } from './tracing.js';
import { transferRoutes } from './routes/transfer.js';
import { openBoundary } from './isolation/boundary.js';
import { flyingSquidRuntime } from './runtimes/flying-squid.js';
import { javaRuntime } from './runtimes/java.js';
import type { Runtime } from './runtimes/runtime.js';
import { ServerManager } from './server-manager.js';

export interface Agent {
  app: FastifyInstance;
  manager: ServerManager;
  /** Starts the SFTP server when NODE_AGENT_SFTP_PORT is not `off` (after the HTTP server listens); null when off or the port is taken. */
  listenSftp(): Promise<SftpInfo | null>;
  /** Stops game servers (remembering they should run) and closes the HTTP server. */
  close(): Promise<void>;
}

export function configuredRuntimes(config: AgentConfig): Map<AgentRuntime, Runtime> {
  const runtimes = new Map<AgentRuntime, Runtime>([['flying-squid', flyingSquidRuntime()]]);
  if (config.javaHomes.size > 0 && config.jarsDir) runtimes.set('java', javaRuntime(config.javaHomes, config.javaHome, config.jarsDir));
  return runtimes;
}

/** Builds the agent (recovering saved servers) without listening. */
export async function buildAgent(config: AgentConfig, options: { logger?: boolean } = {}): Promise<Agent> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // As the API: our own request id, echoed in x-request-id, and one log line per request (routes/metrics.ts).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: true }),
  });
  // First of all hooks, so every later hook and handler runs inside the request's span.
  traceRequests(app);
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const boundary = await openBoundary(config, (warning) => app.log.warn({ event: 'isolation' }, warning));
  const manager = new ServerManager(config, configuredRuntimes(config), boundary);
  const backups = new Backups(manager);
  await manager.recover();
  for (const server of manager.list()) await backups.recover(server);
  const stopSampling = manager.startSampling();

  // Uploads arrive as raw bodies of any type and are streamed to disk by the file routes.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AgentError) {
      return reply.code(error.statusCode).send({ error: error.code, description: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid_input';
      return reply.code(status).send({ error: code, description: `body: ${(error as Error).message}` });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', description: 'The node agent failed to handle this request' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: 'not_found', description: `route ${request.method} ${request.url.split('?')[0]} does not exist` }),
  );

  const revocations = new Revocations(config.dataDir);
  await revocations.load();
  const journal = new ActivityJournal(config.dataDir);
  const auth: AuthContext = { nodeToken: config.token, accessKey: accessKey(config.token), revocations };
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  metricsRoutes(app, createAgentMetrics(manager, () => app.websocketServer.clients.size), { nodeToken: config.token, metricsToken: config.metricsToken });
  allowSiteOrigins(app, config.allowedOrigins);
  app.get('/api/health', async () => ({ status: 'ok' }));
  serverRoutes(app, manager, auth, journal);
  consoleRoutes(app, manager, auth, config.allowedOrigins, journal);
  fileRoutes(app, manager, auth, journal);
  fileHashRoutes(app, manager, auth);
  backupRoutes(app, manager, backups, auth);
  optionRoutes(app, manager, backups, auth);
  backupActionRoutes(app, manager, backups, auth);
  transferRoutes(app, manager, auth);
  const sftpUsers = new SftpUsers(config.dataDir);
  await sftpUsers.load();
  const sftp = new SftpServer(config.dataDir, manager, sftpUsers, journal, app.log);
  sftpRoutes(app, manager, sftpUsers, auth);

  return {
    app,
    manager,
    async listenSftp() {
      if (config.sftpPort === undefined) return null;
      try {
        manager.sftp = await sftp.listen(config.host, config.sftpPort);
      } catch (error) {
        // The game servers matter more than SFTP: the node runs on and reports `sftp: null`.
        app.log.error({ event: 'sftp', err: error }, `SFTP could not listen on port ${config.sftpPort}`);
        manager.sftp = null;
      }
      return manager.sftp;
    },
    async close() {
      stopSampling();
      await sftp.close();
      await app.close();
      await manager.shutdown();
    },
  };
}
