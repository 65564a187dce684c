import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import type { PingSettings } from './server-listing-pings.js';
import { serverListingsRoutes } from './server-listings.routes.js';
import { createServerListingsService } from './server-listings.service.js';

export { pingSettingsOf } from './server-listings.jobs.js';

export interface ServerListingsModuleOptions {
  db: Database;
  jobs: JobQueue | undefined;
  ping: PingSettings;
}

/** Public server listings under /v2/server_listing(s), pinged by the `server-listings.ping` job. */
export const serverListingsModule: FastifyPluginAsync<ServerListingsModuleOptions> = async (app, options) => {
  await app.register(serverListingsRoutes, { listings: createServerListingsService(options) });
};
