import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { createDownloadsService } from './downloads.service.js';
import { downloadRoutes } from './downloads.routes.js';
import { createForgeUpdatesService } from './forge-updates.service.js';
import { forgeUpdatesRoutes } from './forge-updates.routes.js';
import { onCatalogueChange } from '../../lib/catalogue-events.js';
import { createVersionCache } from './version-cache.js';
import { createVersionFilesService } from './version-files.service.js';
import { versionFilesRoutes } from './version-files.routes.js';
import { createVersionsService } from './versions.service.js';
import { versionsRoutes } from './versions.routes.js';
import { versionsV3Routes } from './versions-v3.routes.js';
import { versionTranslationsRoutes } from './version-translations.routes.js';
import { createInferenceService } from './inference/inference.service.js';
import { inferenceRoutes } from './inference/inference.routes.js';
import { createTagsService } from '../tags/tags.service.js';
import type { CountryLookup } from '../analytics/geoip.js';
import type { ModpackDownloadPolicy } from './modpack-rules.js';

export interface VersionsModuleDeps {
  db: Database;
  files: FileStore;
  /** Version files are linked as `${publicApiUrl}/data/…`. */
  publicApiUrl: string;
  publicSiteUrl: string;
  maxFileBytes: number;
  /** Signs links to files of versions not everyone may see. */
  fileTokens: FileTokens;
  /** Where the files listed in uploaded modpacks may be downloaded from. */
  modpackDownloads: ModpackDownloadPolicy;
  /** The job queue (followers' notifications of new versions). */
  jobs?: JobQueue;
  /** Country of a downloading client, for analytics. */
  countryOf: CountryLookup;
  /** The website's origins: downloads whose Origin or Referer is one of them count as the website's (download source). */
  webOrigins: readonly string[];
}

/**
 * Versions and their files: /v2/version* (and GET /v3/version/{id}), metadata read from an uploaded file (/v2/version/infer), /v2/project/{id}/version*, lookups by hash under
 * /v2/version_file*, file downloads under /data, and the Forge update file under /updates
 * (also under /v2/updates).
 */
export const versionsModule: FastifyPluginAsync<VersionsModuleDeps> = async (app, deps) => {
  const { db, files, publicApiUrl, maxFileBytes, fileTokens } = deps;
  const versions = createVersionsService({ db, files, publicApiUrl, fileTokens, modpackDownloads: deps.modpackDownloads, jobs: deps.jobs });
  await app.register(versionsRoutes, { prefix: '/v2', files, maxFileBytes, service: versions });
  await app.register(versionTranslationsRoutes, { prefix: '/v2', service: versions });
  await app.register(versionsV3Routes, { prefix: '/v3', service: versions });
  const inference = createInferenceService({ db, tags: createTagsService({ db }) });
  await app.register(inferenceRoutes, { prefix: '/v2', service: inference, maxFileBytes });
  const cache = createVersionCache();
  const stopEvicting = onCatalogueChange((projectIds) => cache.evict(projectIds));
  app.addHook('onClose', async () => stopEvicting());
  await app.register(versionFilesRoutes, { prefix: '/v2', service: createVersionFilesService({ db, files, publicApiUrl, fileTokens, cache }) });
  const forgeUpdates = createForgeUpdatesService({ db, publicSiteUrl: deps.publicSiteUrl });
  await app.register(forgeUpdatesRoutes, { service: forgeUpdates, operationId: 'forgeUpdates' });
  await app.register(forgeUpdatesRoutes, { prefix: '/v2', service: forgeUpdates, operationId: 'forgeUpdatesV2' });
  await app.register(downloadRoutes, { service: createDownloadsService({ db, files, fileTokens, countryOf: deps.countryOf }), siteOrigins: deps.webOrigins });
};
