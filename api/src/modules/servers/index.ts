import type { FastifyPluginAsync } from 'fastify';
import type postgres from 'postgres';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { SUBSCRIPTION_CHANNEL } from '../billing/server-plans.port.js';
import { registerNode } from './node-registry.js';
import { nodeTunnelRoutes } from './node-tunnel.routes.js';
import { ownNodesRoutes } from './own-nodes.routes.js';
import { createOwnNodesService } from './own-nodes.service.js';
import { serverContentRoutes } from './server-content.routes.js';
import { serverModpackRoutes } from './server-modpack.routes.js';
import { createServerModpackService } from './server-modpack.service.js';
import { createServerContentService } from './server-content.service.js';
import { createProvisioning, SERVERS_RECONCILE_JOB } from './provisioning.js';
import { createServerNetworkService } from './server-network.service.js';
import { createServerOptionsService } from './server-options.service.js';
import { serverOptionsRoutes } from './server-options.routes.js';
import { createServerMoveService } from './server-move.js';
import { serverMoveRoutes } from './server-move.routes.js';
import { serverNoticesRoutes } from './server-notices.routes.js';
import { serverMembersRoutes } from './server-members.routes.js';
import { createServerMembersService } from './server-members.service.js';
import { serverSchedulesRoutes } from './server-schedules.routes.js';
import { serverSftpRoutes } from './server-sftp.routes.js';
import { createServerSftpService } from './server-sftp.service.js';
import { createServerSchedulesService } from './server-schedules.service.js';
import { createServerNoticesService } from './server-notices.service.js';
import * as repo from './servers.repository.js';
import { serverBackupActionRoutes } from './server-backup-actions.routes.js';
import { serversRoutes } from './servers.routes.js';
import { createServersService } from './servers.service.js';

export { serverPurchases } from './servers.service.js';

export interface ServersModuleOptions {
  db: Database;
  sql: postgres.Sql;
  jobs: JobQueue | undefined;
  portRange: { first: number; last: number };
  graceDays: number;
  /** SERVERS_DOMAIN: custom addresses are `{subdomain}.{domain}`. */
  domain: string | undefined;
  /** Catalogue files sent to nodes when content is installed, and where project icons are served. */
  files: FileStore;
  cdnUrl: string;
  /** The node agent this instance was configured with (embedded or NODE_AGENT_URL): registered at start. */
  configuredNode: { url: string | undefined; token: string | undefined };
  /** PUBLIC_API_URL: own nodes' join commands and tunnels point here. */
  publicApiUrl: string;
}

/** Hosted game servers under /v2/servers, placed on node agents by the `servers.reconcile` job. */
export const serversModule: FastifyPluginAsync<ServersModuleOptions> = async (app, options) => {
  const { db, jobs } = options;
  const provisioning = createProvisioning({ db, portRange: options.portRange, graceDays: options.graceDays });
  const service = createServersService({ db, provisioning, domain: options.domain });
  await app.register(serversRoutes, { service });
  await app.register(serverBackupActionRoutes, { service });
  await app.register(serverOptionsRoutes, {
    options: createServerOptionsService({ db, jobs, servers: service }),
    network: createServerNetworkService({ db, servers: service, portRange: options.portRange, domain: options.domain }),
  });
  await app.register(serverNoticesRoutes, { notices: createServerNoticesService({ db }) });
  await app.register(serverMoveRoutes, { moves: createServerMoveService({ db, servers: service, portRange: options.portRange, log: app.log }) });
  await app.register(serverSchedulesRoutes, { schedules: createServerSchedulesService({ db, jobs, servers: service }) });
  await app.register(serverSftpRoutes, { sftp: createServerSftpService({ db, servers: service }) });
  await app.register(serverMembersRoutes, { members: createServerMembersService({ db, jobs, servers: service, log: app.log }) });
  await app.register(ownNodesRoutes, { ownNodes: createOwnNodesService({ db, publicApiUrl: options.publicApiUrl, portRange: options.portRange, provisioning, log: (message) => app.log.warn(message) }), servers: service });
  await app.register(nodeTunnelRoutes, { db });
  await app.register(serverContentRoutes, { content: createServerContentService({ db, files: options.files, cdnUrl: options.cdnUrl, servers: service }) });
  await app.register(serverModpackRoutes, { modpacks: createServerModpackService({ db, files: options.files, cdnUrl: options.cdnUrl, jobs, servers: service }) });

  const { url, token } = options.configuredNode;
  if (url && token) {
    // A node that is down now is registered by a later start; the API starts anyway.
    await registerNode(db, { name: new URL(url).host, url, token }).catch((error: Error) => app.log.warn(`Node agent ${url} not registered: ${error.message}`));
  }

  if (jobs) {
    // A plan subscription started or ended (billing notifies at commit): bring its server in line now.
    const { unlisten } = await options.sql.listen(SUBSCRIPTION_CHANNEL, (payload) => {
      const subscriptionId = Number(payload);
      if (!Number.isSafeInteger(subscriptionId)) return;
      void repo
        .findServerOfSubscription(db, subscriptionId)
        .then((server) => (server ? jobs.send(SERVERS_RECONCILE_JOB, { serverId: server.id }) : null))
        .catch((error: Error) => app.log.warn(`servers: could not queue reconcile: ${error.message}`));
    });
    app.addHook('onClose', async () => unlisten());
  }
};
