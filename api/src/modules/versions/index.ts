import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { createDownloadsService } from './downloads.service.js';
import { downloadRoutes } from './downloads.routes.js';
import { createForgeUpdatesService } from './forge-updates.service.js';
import { forgeUpdatesRoutes } from './forge-updates.routes.js';
import { createVersionFilesService } from './version-files.service.js';
import { versionFilesRoutes } from './version-files.routes.js';
import { createVersionsService } from './versions.service.js';
import { versionsRoutes } from './versions.routes.js';

export interface VersionsModuleDeps {
  db: Database;
  files: FileStore;
  /** Base URL of version file downloads (config.publicFilesUrl). */
  filesBaseUrl: string;
  publicSiteUrl: string;
  maxFileBytes: number;
}

/**
 * Versions and their files: /v2/version*, /v2/project/{id}/version*, lookups by hash under
 * /v2/version_file*, file downloads under /data, and the Forge update file under /updates
 * (also under /v2/updates).
 */
export const versionsModule: FastifyPluginAsync<VersionsModuleDeps> = async (app, deps) => {
  await app.register(multipart, {
    // Our file store enforces the real limit (with a clear message); this only bounds the parser.
    limits: { fileSize: deps.maxFileBytes + 1, files: 300, parts: 320, fields: 20, fieldSize: 2 * 1024 * 1024 },
  });
  const { db, files, filesBaseUrl } = deps;
  await app.register(versionsRoutes, { prefix: '/v2', service: createVersionsService({ db, files, filesBaseUrl, maxFileBytes: deps.maxFileBytes }) });
  await app.register(versionFilesRoutes, { prefix: '/v2', service: createVersionFilesService({ db, files, filesBaseUrl }) });
  const forgeUpdates = createForgeUpdatesService({ db, publicSiteUrl: deps.publicSiteUrl });
  await app.register(forgeUpdatesRoutes, { service: forgeUpdates, operationId: 'forgeUpdates' });
  await app.register(forgeUpdatesRoutes, { prefix: '/v2', service: forgeUpdates, operationId: 'forgeUpdatesV2' });
  await app.register(downloadRoutes, { service: createDownloadsService({ db, files }) });
};
